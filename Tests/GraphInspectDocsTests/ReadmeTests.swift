import Foundation
import Testing
import GraphInspectTestSupport

/// The README's first Swift block is `Examples/ReadmeExample/main.swift`, which the package
/// compiles; the text block after it is what that program prints.
@Suite struct ReadmeTests {
    static func blocks(in readme: String, fence: String) -> [String] {
        DocBlocks.blocks(in: readme, fence: fence)
    }

    static let readme = try! String(contentsOf: Golden.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)

    @Test func firstSwiftBlockIsTheCompiledExample() throws {
        let example = try String(
            contentsOf: Golden.packageRoot.appendingPathComponent("Examples/ReadmeExample/main.swift"), encoding: .utf8
        )
        #expect(Self.blocks(in: Self.readme, fence: "swift").first == example)
    }

    @Test func exampleOutputShownInTheReadmeIsWhatItPrints() throws {
        let result = try Executable.run("readme-example", [])
        #expect(result.status == 0)
        let shown = Self.blocks(in: Self.readme, fence: "text")
        #expect(shown.contains(result.stdout), "README shows no text block equal to:\n\(result.stdout)")
    }

    @Test func quickstartOutputShownInTheReadmeIsTheSampleDump() throws {
        let golden = try String(contentsOf: Golden.url("sample-dump.txt"), encoding: .utf8)
        #expect(Self.blocks(in: Self.readme, fence: "text").contains { $0.hasSuffix(golden) })
    }

    @Test func reportShownInTheDocsIsWhatTheDyingSamplePrints() throws {
        let block = "```text\n$ swift run graphinspect-sample-dying\n" + SampleReports.dying + "\n```\n"
        #expect(Self.readme.contains(block), "README's dying-report block is stale: run scripts/update-docs")
        let cli = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        #expect(cli.contains(block), "docs/cli.md's dying-report block is stale: run scripts/update-docs")
    }

    /// scripts/update-docs rewrites what lies between the markers; text glued onto a marker's line
    /// would be read as part of it, so each marker stands alone.
    @Test func everyGeneratedBlocksMarkersStandAlone() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Golden.packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for doc in ["README.md"] + docs.sorted() {
            let text = try String(contentsOf: Golden.packageRoot.appendingPathComponent(doc), encoding: .utf8)
            var open: String?
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard line.contains("<!-- generated:") || line.contains("<!-- end generated -->") else { continue }
                let alone = line == "<!-- end generated -->" || (line.hasPrefix("<!-- generated: ") && line.hasSuffix(" -->") && !line.dropFirst(16).dropLast(4).contains(" "))
                #expect(alone, "\(doc):\(number + 1): a marker must be alone on its line: \(line)")
                if line == "<!-- end generated -->" {
                    #expect(open != nil, "\(doc):\(number + 1): an end marker with no block open")
                    open = nil
                } else if alone {
                    #expect(open == nil, "\(doc):\(number + 1): a block opens inside \(open ?? "")")
                    open = String(line)
                }
            }
            #expect(open == nil, "\(doc): \(open ?? "") is never closed")
        }
    }

    @Test func testingSectionIsTheCompiledReadmeTest() throws {
        // The file is a test of Examples/Consumer, a user's own package that .ci/run builds and tests.
        let file = try String(contentsOf: Golden.packageRoot.appendingPathComponent("Examples/Consumer/Tests/ShopTests/ReadmeGraphTests.swift"), encoding: .utf8)
        let shown = String(file.drop { $0 != "\n" }.dropFirst())
        #expect(Self.blocks(in: Self.readme, fence: "swift").dropFirst().first == shown)
        #expect(shown.split(separator: "\n").count <= 12)
    }

    /// The README says what docs/cli.md says of `scripts/install`: a folder given installs into its
    /// `bin` with no root, as the script does.
    @Test func installIntoAFolderWithoutRootIsSaid() throws {
        let prose = Self.readme.split(whereSeparator: \.isNewline).joined(separator: " ")
        #expect(prose.contains("`bash scripts/install DIR` puts it in `DIR/bin`, which needs no root"))
        let script = try String(contentsOf: Golden.packageRoot.appendingPathComponent("scripts/install"), encoding: .utf8)
        #expect(script.contains("if [ $# -gt 0 ]; then prefix=$1") && script.contains(#"bin="$prefix/bin""#))
    }
}
