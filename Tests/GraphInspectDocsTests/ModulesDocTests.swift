import Foundation
import Testing
import GraphInspectTestSupport

/// docs/modules.md shows `Examples/ModulesExample/main.swift` and
/// `Examples/NestedHolderExample/main.swift`, which the package compiles, and what each prints.
@Suite struct ModulesDocTests {
    static let page = try! String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/modules.md"), encoding: .utf8)
    /// The page's examples, in the order it shows them: each one's folder and executable.
    static let examples = [("ModulesExample", "modules-example"), ("NestedHolderExample", "nested-holder-example")]

    @Test func theSwiftBlocksAreTheCompiledExamples() throws {
        let sources = try Self.examples.map { folder, _ in
            try String(contentsOf: Golden.packageRoot.appendingPathComponent("Examples/\(folder)/main.swift"), encoding: .utf8)
        }
        #expect(ReadmeTests.blocks(in: Self.page, fence: "swift") == sources)
    }

    @Test func theOutputShownIsWhatEachPrints() throws {
        let printed = try Self.examples.map { _, executable in
            let result = try Executable.run(executable, [])
            #expect(result.status == 0, "\(executable): \(result.stderr)")
            return result.stdout
        }
        #expect(ReadmeTests.blocks(in: Self.page, fence: "text") == printed)
    }
}
