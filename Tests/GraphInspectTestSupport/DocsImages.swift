import Foundation

/// The pictures in docs/images and how each is made (its manifest.txt): held current by
/// DocsPictureTests, measured by PictureLegibilityTests.
package enum DocsImages {
    package static let folder = Golden.packageRoot.appendingPathComponent("docs/images")

    package static var manifest: [(file: String, arguments: [String])] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("manifest.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
            let arguments = line[line.index(after: tab)...].split(separator: " ").map {
                $0.replacingOccurrences(of: "$BIN", with: Executable.buildFolder.path)
            }
            return (String(line[..<tab]), arguments)
        }
    }
}
