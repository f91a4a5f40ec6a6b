import Foundation
import GraphInspectGeneratedApp
import GraphInspectStatic
import Testing

/// Defects only a static reading finds (the run never takes the path, or never gets that far),
/// each in a small app under Fixtures/, its whole `check` output pinned in expected.txt
/// (`GRAPHINSPECT_RECORD=1 swift test --filter DefectFixtureTests` rewrites them).
@Suite struct DefectFixtureTests {
    static let fixtures = FidelityTests.root.appendingPathComponent("Tests/GraphInspectStaticTests/Fixtures")

    /// The diagnostics for one fixture as `check` prints them, paths relative to the package.
    static func check(_ name: String) throws -> (text: String, errors: Int) {
        let prefix = FidelityTests.root.path + "/"
        let files = try StaticReader.files(in: [fixtures.appendingPathComponent(name).path]).map { file in
            StaticReader.SourceFile(path: String(file.path.dropFirst(prefix.count)), module: file.module, text: file.text)
        }
        let graph = StaticReader.graph(of: files)
        return (graph.diagnostics.map { $0.formatted() }.joined(separator: "\n") + "\n", graph.errors.count)
    }

    /// A provider to move up into another module: the fix says which module declares the type and
    /// which must see it (on the generated app, feature 10's service would move into feature 2,
    /// which feature 10 imports).
    @Test func aMoveIntoAnotherModuleNamesTheModulesThatMustSeeTheType() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory() + "graphinspect-generated-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try GeneratedApp(features: 12, ordinaryFilesPerFeature: 1).write(to: root)
        let graph = StaticReader.graph(of: try StaticReader.files(in: [root.appendingPathComponent("Sources").path]))
        let fixes = graph.diagnostics.filter { $0.severity == .error }.flatMap { $0.formatted().split(separator: "\n") }.filter { $0.contains("fix:") }
        #expect(fixes == [
            "  fix: move `f10Service: F10Service` from F10Component up to F2Component, which both reach (F10Service is declared in module Feature10; F2Component is in Feature2, which must see it)",
        ])
    }

    /// A newcomer's app as written: nested holders through the value `attach` returns. Every
    /// lookup is checked, and the one error is the defect its run dies of.
    @Test func nestedHoldersAreFollowedThroughWhatAttachReturns() throws {
        let files = try StaticReader.files(in: [Self.fixtures.appendingPathComponent("nested-holders").path])
        let graph = StaticReader.graph(of: files)
        #expect(graph.errors.map(\.message) == ["missing dependency `lyricsService: LyricsService`"])
        #expect(graph.summary.lookupsChecked == graph.summary.lookups && graph.summary.lookups == 4, "\(graph.summary)")
        #expect(graph.summary.moduleLookupsChecked == 1 && graph.summary.moduleLookups == 1, "\(graph.summary)")
        #expect(graph.diagnostics.filter { $0.severity != .error }.isEmpty, "\(graph.diagnostics)")
    }

    /// `app.supportedModules.count`, `holders.first`: no finding, no note.
    @Test func membersOfACollectionOfHoldersAreNoModuleLookups() throws {
        let files = try StaticReader.files(in: [Self.fixtures.appendingPathComponent("collection-members").path])
        let graph = StaticReader.graph(of: files)
        #expect(graph.diagnostics.isEmpty, "\(graph.diagnostics)")
        #expect(graph.summary.moduleLookups == 0)
    }

    @Test(arguments: [
        ("untaken-branch", 1), ("sibling-provider", 1), ("typo", 1), ("wrong-type", 1), ("cycle", 1), ("shadowed-computed", 0),
        // A user's own `RootComponent` shadows the library's; a check that checks nothing fails.
        ("needle-root", 4), ("nothing-placed", 1), ("unmade-component", 1),
        // A nested type named like the library's (swift-syntax's `RawKeyPathComponentSyntax.Component`) is that type inside its owner.
        ("nested-names", 1),
        // A holder made by a builder that a holder made elsewhere attaches is made in the sources.
        ("holder-made-by-a-builder", 1),
        // Holders attached through the value `attach` returns; an array's members are the array's;
        // a module lookup that misses while an attach cannot be followed is a note.
        ("nested-holders", 1), ("collection-members", 0), ("unfollowed-attach", 0),
        // No evidence either way is a note: a provider wider than the type asked, a type not known.
        // Every clause of a `#if` is read: a lookup in `#if DEBUG` that nothing answers.
        ("wider-provider", 0), ("untyped-lookup", 0), ("if-debug", 1),
        // A branch on a Bool parameter every place making the object gives `false`: never run there.
        ("literal-branch", 0),
        // A closure kept in a stored property is invisible to lookups, as the run finds it.
        ("stored-closure", 2),
    ])
    func fixture(name: String, errors: Int) throws {
        let (text, found) = try Self.check(name)
        let golden = Self.fixtures.appendingPathComponent(name).appendingPathComponent("expected.txt")
        if ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "\(name): the check output changed; if that is meant, record it again")
        #expect(found == errors)
    }
}
