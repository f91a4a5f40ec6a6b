import Foundation
import Testing
import GraphInspectTestSupport

/// The SVGs in docs/images are what the CLI draws now (docs/images/manifest.txt says how each is made).
@Suite(.ownThread) struct DocsPictureTests {
    @Test func everyPictureIsCurrent() throws {
        #expect(DocsImages.manifest.count == 17)
        for (file, arguments) in DocsImages.manifest {
            let result = try Executable.run("graphinspect", arguments)
            #expect(result.status == 0, "\(file) (\(arguments.joined(separator: " "))): \(result.stderr)")
            let committed = try String(contentsOf: DocsImages.folder.appendingPathComponent(file), encoding: .utf8)
            #expect(result.stdout == committed, "docs/images/\(file) is stale: run scripts/update-docs")
        }
    }

    @Test func everyPictureIsShownInTheDocs() throws {
        let docs = try ["cli.md", "samples.md", "profile.md"].map { try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/" + $0), encoding: .utf8) }.joined()
        for (file, _) in DocsImages.manifest {
            #expect(docs.contains("(images/\(file))"), "no doc shows \(file)")
        }
    }
}
