import Foundation
import Testing
import GraphInspectTestSupport

/// docs/modules.md shows `Examples/ModulesExample/main.swift`, which the package compiles, and
/// what it prints.
@Suite struct ModulesDocTests {
    static let page = try! String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/modules.md"), encoding: .utf8)

    @Test func theSwiftBlockIsTheCompiledExample() throws {
        let example = try String(contentsOf: Golden.packageRoot.appendingPathComponent("Examples/ModulesExample/main.swift"), encoding: .utf8)
        #expect(ReadmeTests.blocks(in: Self.page, fence: "swift") == [example])
    }

    @Test func theOutputShownIsWhatItPrints() throws {
        let result = try Executable.run("modules-example", [])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ReadmeTests.blocks(in: Self.page, fence: "text") == [result.stdout])
    }
}
