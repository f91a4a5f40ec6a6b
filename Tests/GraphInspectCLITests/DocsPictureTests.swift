import Foundation
import Testing

/// The SVGs in docs/images are what the CLI draws now (docs/images/manifest.txt says how each is made).
@Suite struct DocsPictureTests {
    static let images = Golden.packageRoot.appendingPathComponent("docs/images")

    static var manifest: [(file: String, arguments: [String])] {
        let text = (try? String(contentsOf: images.appendingPathComponent("manifest.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
            let arguments = line[line.index(after: tab)...].split(separator: " ").map {
                $0.replacingOccurrences(of: "$BIN", with: Executable.buildFolder.path)
            }
            return (String(line[..<tab]), arguments)
        }
    }

    @Test func everyPictureIsCurrent() throws {
        #expect(Self.manifest.count == 10)
        for (file, arguments) in Self.manifest {
            let result = try Executable.run("graphinspect", arguments)
            #expect(result.status == 0, "\(file): \(result.stderr)")
            let committed = try String(contentsOf: Self.images.appendingPathComponent(file), encoding: .utf8)
            #expect(result.stdout == committed, "docs/images/\(file) is stale: run scripts/update-docs")
        }
    }

    @Test func everyPictureIsShownInTheDocs() throws {
        let cli = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        for (file, _) in Self.manifest {
            #expect(cli.contains("(images/\(file))"), "docs/cli.md does not show \(file)")
        }
    }
}
