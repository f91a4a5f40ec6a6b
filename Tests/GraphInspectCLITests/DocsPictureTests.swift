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
        #expect(Self.manifest.count == 16)
        for (file, arguments) in Self.manifest {
            let result = try Executable.run("graphinspect", arguments)
            #expect(result.status == 0, "\(file) (\(arguments.joined(separator: " "))): \(result.stderr)")
            let committed = try String(contentsOf: Self.images.appendingPathComponent(file), encoding: .utf8)
            #expect(result.stdout == committed, "docs/images/\(file) is stale: run scripts/update-docs")
        }
    }

    @Test func everyPictureIsShownInTheDocs() throws {
        let docs = try ["cli.md", "samples.md"].map { try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/" + $0), encoding: .utf8) }.joined()
        for (file, _) in Self.manifest {
            #expect(docs.contains("(images/\(file))"), "no doc shows \(file)")
        }
    }
}
