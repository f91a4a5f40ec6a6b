import Foundation
import Testing
import GraphInspectTestSupport

/// The article's own example code (Examples/SeedArticle, docs/seed-port.md): it runs, and its dump
/// shows every object and lookup it makes, the computed provider included, pinned whole.
@Suite struct SeedArticleTests {
    static let binary = Executable.buildFolder.appendingPathComponent("graphinspect-seed-article").path

    @Test func runsAndFindsItsModuleAndRouterByLeadingDotKeys() throws {
        let result = try Executable.run("graphinspect-seed-article", [])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "module found: true, router found: true, by name: true\nSomeRootView\n")
    }

    @Test func dumpIsPinned() throws {
        let text = try Executable.run("graphinspect", ["dump", "--quiet", "--", Self.binary])
        #expect(text.status == 0, "\(text.stderr)")
        try Golden.check(text.stdout, against: "seed-article.txt")
        let json = try Executable.run("graphinspect", ["dump", "--quiet", "--format", "json", "--", Self.binary])
        #expect(json.status == 0, "\(json.stderr)")
        try Golden.check(json.stdout, against: "seed-article.json")
    }

    /// Every line of the port that differs from the article is accounted for in docs/seed-port.md.
    @Test func everyChangedLineIsListedInTheAccount() throws {
        let account = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/seed-port.md"), encoding: .utf8)
        let folder = Golden.packageRoot.appendingPathComponent("Examples/SeedArticle")
        for file in ["Components.swift", "Builder.swift", "Module.swift", "Router.swift", "ModuleHolder.swift"] {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") where line.contains("// port:") {
                let code = line[..<line.range(of: "// port:")!.lowerBound].trimmingCharacters(in: .whitespaces)
                #expect(account.contains(code), "docs/seed-port.md does not list `\(code)` (\(file))")
            }
        }
    }
}
