import Foundation
import GraphInspect
import GraphInspectTesting
import Testing
import XCTest

/// A graph with one failed lookup.
private func graphWithAFailure() -> GraphSnapshot {
    GraphCapture.capture { () -> Component in
        let root = Component(parent: nil)
        _ = try? root.resolve("payments", as: Int.self)
        return root
    }
}

/// Runs the expectation on a new thread and waits for it.
private func expectOnAThreadOfItsOwn(_ graph: GraphSnapshot) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        expectNoMissingDependencies(graph)
        done.signal()
    }
    done.wait()
}

private let fixtureSwitch = "GRAPHINSPECT_OFF_TASK_FIXTURE"
private let fixturesOn = ProcessInfo.processInfo.environment[fixtureSwitch] == "1"

/// Expectations that fail off the test's task. They run only in the child process
/// `OffTaskFailureTests` starts, which must then fail: a false pass here would hide broken graphs.
@Suite struct OffTaskFixtures {
    @Test(.enabled(if: fixturesOn)) func detachedTaskFixture() async {
        let graph = graphWithAFailure()
        await Task.detached { expectNoMissingDependencies(graph) }.value
    }

    @Test(.enabled(if: fixturesOn)) func threadFixture() {
        expectOnAThreadOfItsOwn(graphWithAFailure())
    }
}

final class OffTaskXCFixtures: XCTestCase {
    func testDetachedTaskFixture() async throws {
        try XCTSkipUnless(fixturesOn)
        let graph = graphWithAFailure()
        await Task.detached { expectNoMissingDependencies(graph) }.value
    }

    func testThreadFixture() throws {
        try XCTSkipUnless(fixturesOn)
        expectOnAThreadOfItsOwn(graphWithAFailure())
    }
}

/// A failing expectation fails the run from any task or thread, in both frameworks.
@Suite struct OffTaskFailureTests {
    /// Runs this test binary again with `arguments`, the fixtures switched on.
    static func runFixture(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([fixtureSwitch: "1"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: ["detachedTaskFixture", "threadFixture"])
    func swiftTestingFailsTheRun(_ fixture: String) throws {
        let result = try Self.runFixture(["--testing-library", "swift-testing", "--filter", "OffTaskFixtures/\(fixture)"])
        #expect(result.status != 0, "\(result.output)")
        #expect(result.output.contains("Expected no missing dependencies, but 1 lookup failed"), "\(result.output)")
    }

    @Test(arguments: ["testDetachedTaskFixture", "testThreadFixture"])
    func xcTestFailsTheTestCase(_ fixture: String) throws {
        let result = try Self.runFixture(["GraphInspectTestingTests.OffTaskXCFixtures/\(fixture)"])
        #expect(result.status != 0, "\(result.output)")
        #expect(result.output.contains("OffTaskXCFixtures.\(fixture) : failed - Expected no missing dependencies, but 1 lookup failed"), "\(result.output)")
    }
}
