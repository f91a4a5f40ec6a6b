import Foundation
import GraphInspect
import GraphInspectSample
import Testing
@testable import GraphInspectTesting

/// `.graphGoldens` scopes the record mode and the golden folder to a suite; a failure attaches
/// what a person needs to see it.
@Suite(.graphGoldens(record: .never, directory: "Goldens"))
struct GoldenScopeTests {
    static let sample = GraphCapture.capture { SampleApp.run() }
    let environmentSetsMode = !(ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] ?? "").isEmpty

    func failure(_ body: () -> Void) -> String { ExpectationTests().failure(body) }

    @Test func theSuitesFolderAndModeApplyAndTheMessageNamesTheTrait() throws {
        try #require(!environmentSetsMode, "GRAPHINSPECT_RECORD is set: it overrides the trait, so this test does not apply")
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/nowhere.txt").path
        #expect(failure { expectGraph(Self.sample, matchesGolden: "nowhere.txt") } == "No golden at \(golden), and .graphGoldens(record: .never). Run the tests once without it (or with GRAPHINSPECT_RECORD=missing) to record it.")
        #expect(!FileManager.default.fileExists(atPath: golden))
    }

    @Test func theArgumentWinsOverTheTrait() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scope-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("tree.txt").path
        _ = failure { expectGraph(Self.sample, matchesGolden: golden, record: .missing) }
        #expect(FileManager.default.fileExists(atPath: golden))
    }

    /// A test's own trait is inside its suite's, so it wins.
    @Test(.graphGoldens(record: .all, directory: "/nonexistent-for-this-test"))
    func theInnermostTraitWins() {
        #expect(GraphGoldens.current?.record == .all)
        #expect(GraphGoldens.current?.directory == "/nonexistent-for-this-test")
    }

    @Test func theEnvironmentWinsOverTheTrait() {
        #expect(GoldenRecording.fromEnvironment(["GRAPHINSPECT_RECORD": "failed"], unset: .never) == .failed)
        #expect(GoldenRecording.fromEnvironment([:], unset: .never) == .never)
    }

    @Test func aBaselineGoldensFailureAttachesTextDiffAndBothGraphs() throws {
        let old = try GraphProjection.baseline.render(Self.sample)
        // The golden still has a module the app no longer makes.
        let expected = old + "module ^->GraphInspectSample.RootHolder \"root\"->GraphInspectSample.LegacyModule \"legacy\"\n"
        let files = FailureAttachments.files(stem: "app", textExtension: "baseline", expected: expected, actual: old, diff: "the diff", projection: .baseline, snapshot: Self.sample)
        #expect(files.map(\.name) == ["app.expected.baseline", "app.actual.baseline", "app.diff", "app.expected.dot", "app.actual.dot", "app.changes.dot"])
        #expect(files[5].contents.contains("LegacyModule"))
        #expect(files[0].contents == expected && files[1].contents == old && files[2].contents == "the diff")
        // The removed module is drawn, marked, on the expected side only.
        let legacy = files[3].contents.split(separator: "\n").first { $0.contains("LegacyModule") }
        #expect(legacy?.contains("removed") == true || files[3].contents.contains("#c62828"), "\(files[3].contents)")
        #expect(!files[4].contents.contains("LegacyModule"))
        // A projection that is not a graph gets the text only.
        #expect(FailureAttachments.files(stem: "t", textExtension: "txt", expected: "a", actual: "b", diff: "d", projection: .text, snapshot: Self.sample).count == 3)
    }

    @Test func aWarningDoesNotFailTheTest() {
        // Recorded as a warning: this test passes (a failure would make it fail, known issue or not).
        expectGraph(Self.sample, as: .text.lines { $0.hasPrefix("graphinspect:") }, equals: "graphinspect: 0 live nodes", severity: .warning)
        expectNoMissingDependencies(GraphCapture.capture { () -> Component in
            let root = Component(parent: nil)
            _ = try? root.resolve("nothing", as: Int.self)
            return root
        }, severity: .warning)
    }
}
