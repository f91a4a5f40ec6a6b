import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTesting

/// `expectNoLeaks`: waits out the grace, then fails with the same report `why` prints.
@Suite(.serialized) struct LeakExpectationTests {
    final class LeakyModule: ModuleObject {
        var onClose: (() -> Void)?
    }

    struct LeakyBuilder: ModuleBuilder {
        let key: ModuleKey
        let leaks: Bool
        func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> LeakyModule {
            let module = LeakyModule(key: key, holder: holder, component: Component(parent: parentComponent))
            if leaks { module.onClose = { _ = module } } else { module.onClose = { [weak module] in _ = module } }
            return module
        }
    }

    struct Context: ModuleHolderContext { let parent: (any ModuleHolderContext)? = nil }

    /// A holder attaches and detaches one module; returns the recorder.
    static func run(leaking: Bool) -> GraphRecorder {
        let recorder = GraphRecorder()
        GraphObservation.withObserver(recorder) {
            let holder = ModuleHolderObject(key: "root", holder: nil, context: Context(), component: Component(parent: nil))
            holder.attach(LeakyBuilder(key: "settings", leaks: leaking))
            holder.detach(ModuleKey("settings"))
            withExtendedLifetime(holder) {}
        }
        return recorder
    }

    /// What `expectNoLeaks` fails with (it must fail).
    static func failure(of recorder: GraphRecorder, grace: Duration) async -> String {
        let message = ExpectationTests.Box()
        await withKnownIssue {
            await expectNoLeaks(recorder, grace: grace)
        } matching: { issue in
            message.set(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        return message.value
    }

    @Test func aLeakFailsAfterTheGraceWithTheReport() async {
        let recorder = Self.run(leaking: true)
        let start = ContinuousClock.now
        let message = await Self.failure(of: recorder, grace: .milliseconds(150))
        #expect(ContinuousClock.now - start >= .milliseconds(150), "it waited for the grace")
        #expect(message.hasPrefix("Expected every module and holder let go to be released within 150 ms, but 1 module was retained after detach:\n\nretained after detach: LeakExpectationTests.LeakyModule \"settings\" #"))
        #expect(message.contains("a closure LeakExpectationTests.LeakyModule stores that captures it (or its component) strongly: capture it [weak self]"))
        // The live objects were searched before the report: none of them holds it.
        #expect(message.contains("\n  held by nothing graphinspect knows: "), "\(message)")
    }

    final class RememberingComponent: Component {
        var lastScreen: AnyObject?
    }

    /// A leak kept by a stored property of the root component: the failure names the holder and
    /// the reference to clear.
    @Test func aLeakKeptByAComponentNamesItInTheFailure() async {
        let recorder = GraphRecorder()
        let root = GraphObservation.withObserver(recorder) { () -> (ModuleHolderObject, RememberingComponent) in
            let component = RememberingComponent(parent: nil)
            let holder = ModuleHolderObject(key: "root", holder: nil, context: Context(), component: component)
            component.lastScreen = holder.attach(LeakyBuilder(key: "settings", leaks: false))
            holder.detach(ModuleKey("settings"))
            return (holder, component)
        }
        let message = await Self.failure(of: recorder, grace: .milliseconds(50))
        withExtendedLifetime(root) {}
        #expect(message.contains("\n  held by LeakExpectationTests.RememberingComponent #1 .lastScreen\n"), "\(message)")
        #expect(message.contains("\n  fix: clear `.lastScreen` of LeakExpectationTests.RememberingComponent #1 when LeakExpectationTests.LeakyModule is let go, or make it weak"), "\(message)")
    }

    @Test func noLeakPassesAtOnce() async {
        let recorder = Self.run(leaking: false)
        let start = ContinuousClock.now
        await expectNoLeaks(recorder, grace: .seconds(5))
        #expect(ContinuousClock.now - start < .seconds(1), "nothing let go is alive: no wait")
    }

    @Test func aSnapshotIsJudgedAtItsEnd() {
        let snapshot = Self.run(leaking: true).snapshot()
        // Taken at once: inside the grace, not a leak.
        expectNoLeaks(snapshot, grace: .seconds(5), now: RecordingClock.now())
        let message = ExpectationTests.Box()
        withKnownIssue {
            expectNoLeaks(snapshot, grace: .milliseconds(1), now: RecordingClock.now() + 5_000_000)
        } matching: { issue in
            message.set(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        #expect(message.value.contains("1 module was retained after detach"))
    }

    /// `.noLeaks` on a test that lets nothing leak passes (and records the test's run).
    @Test(.noLeaks(grace: .milliseconds(100))) func theTraitPassesATestThatLeaksNothing() {
        _ = Self.runInScope(leaking: false)
    }

    /// The trait fails a test that leaks, with the report at the test's line (run in a child
    /// process: a failing fixture in this run would fail it).
    @Test func theTraitFailsATestThatLeaks() throws {
        let result = try OffTaskFailureTests.runFixture(["--testing-library", "swift-testing", "--filter", "LeakTraitFixtures/leakingFixture"])
        #expect(result.status != 0, "\(result.output)")
        #expect(result.output.contains("retained after detach: LeakExpectationTests.LeakyModule \"settings\""), "\(result.output)")
    }

    /// A holder attaches and detaches one module under whatever observer is in force (the trait's).
    static func runInScope(leaking: Bool) -> Int {
        let holder = ModuleHolderObject(key: "root", holder: nil, context: Context(), component: Component(parent: nil))
        holder.attach(LeakyBuilder(key: "settings", leaks: leaking))
        holder.detach(ModuleKey("settings"))
        return withExtendedLifetime(holder) { 1 }
    }
}

/// A test the `.noLeaks` trait must fail; only in the child process `theTraitFailsATestThatLeaks` starts.
@Suite struct LeakTraitFixtures {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GRAPHINSPECT_OFF_TASK_FIXTURE"] == "1"), .noLeaks(grace: .milliseconds(50)))
    func leakingFixture() {
        _ = LeakExpectationTests.runInScope(leaking: true)
    }
}
