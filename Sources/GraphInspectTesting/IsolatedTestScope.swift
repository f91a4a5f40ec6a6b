import GraphInspect
import Testing

/// A whole test run first in a fresh process of the test binary (`FreshTestProcess`), for the
/// test library's traits: a test that ends the process there (a missing dependency read as a
/// member, the app's own `exit` or `fatalError`) fails alone, with the report and the graph
/// recorded until then, and does not run in the test process; one that finishes runs there as
/// usual, where its captures need no other process (`isProven`).
enum IsolationScope {
    /// Set while a test that finished in a fresh process runs in the test process, and in the
    /// fresh process itself: captures inside run in process, since the run that could end has
    /// been run.
    @TaskLocal static var isProven = false

    /// Runs `function`, the body of `test` (or of one of its cases), isolated as above when it can
    /// be: elsewhere (a parameterized test, a platform without fresh processes, captures turned
    /// off) it runs in the test process alone, its captures isolating themselves.
    static func run(_ test: Test, _ function: @Sendable () async throws -> Void) async throws {
        if let role = IsolatedRole.current {
            // The fresh process made for this test runs it here, with a recorder; any other
            // scope (a second trait, a test that is not the target) runs it as it is.
            if !isProven, role.isFor(.test) {
                await CaptureChild.runTest(function, files: role.files)
            }
            return try await function()
        }
        guard !isProven, CaptureProbe.isEnabled, CaptureProbe.takesFreshProcesses else { return try await function() }
        switch FreshTestProcess.run(.test, timeout: CaptureProbe.timeout) {
        case .died(let death)?:
            Issue.record(Comment(rawValue: GraphFailureWording.testDied(death)), sourceLocation: test.sourceLocation)
        case .finished?:
            try await $isProven.withValue(true) { try await function() }
        case nil:
            try await function()
        }
    }
}

/// `@Suite(.childProcessFirst)` or `@Test(.childProcessFirst)`: each test runs first in a fresh
/// process of the test binary, so a test that launches the app outside any capture, and ends the
/// process there, fails alone with the report instead of ending the run (`IsolationScope`).
public struct ChildProcessFirstTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's scope covers each of its tests; each test is isolated on its own.
        guard !test.isSuite else { return try await function() }
        try await IsolationScope.run(test, function)
    }
}

extension Trait where Self == ChildProcessFirstTrait {
    /// Runs each test first in a fresh process of the test binary: one that ends the process
    /// there fails alone, with the report and the graph recorded until then.
    public static var childProcessFirst: Self { ChildProcessFirstTrait() }
}
