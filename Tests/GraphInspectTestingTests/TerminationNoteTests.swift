import Foundation
import GraphInspect
import Testing
import XCTest
@testable import GraphInspectTesting

private let noteSwitch = "GRAPHINSPECT_TERMINATION_NOTE_FIXTURE"
private let noteFixturesOn = ProcessInfo.processInfo.environment[noteSwitch] != nil
private func noteFixture(_ name: String) -> Bool { ProcessInfo.processInfo.environment[noteSwitch] == name }

/// Reads what nothing provides, as a member: graphinspect ends the process.
private func readAMissingGateway() {
    let shop = ShopComponent(parent: nil)
    let _: Gateway = CheckoutComponent(parent: shop).gateway
}

/// Tests whose code ends the process outside any scope that isolates the end, in each form.
/// They run only in the test binary `TerminationNoteTests` starts again, one a run: each ends it.
@Suite struct TerminationNoteFixtures {
    @Test(.enabled(if: noteFixture("with-observer")))
    func missInsideWithObserver() {
        GraphObservation.withObserver(GraphRecorder()) { readAMissingGateway() }
    }

    @Test(.enabled(if: noteFixture("async-with-observer")))
    func missInsideAsyncWithObserver() async {
        await GraphObservation.withObserver(GraphRecorder()) {
            await Task.yield()
            readAMissingGateway()
        }
    }

    @Test(.enabled(if: noteFixture("outside")))
    func missOutsideEveryScope() {
        readAMissingGateway()
    }

    @Test(.enabled(if: noteFixture("parameterized")), arguments: [1])
    func missInAParameterizedTest(_ number: Int) {
        GraphObservation.withObserver(GraphRecorder()) { readAMissingGateway() }
    }
}

final class TerminationNoteXCFixtures: XCTestCase {
    func testMissInsideWithObserver() throws {
        try XCTSkipUnless(noteFixturesOn)
        GraphObservation.withObserver(GraphRecorder()) { readAMissingGateway() }
    }
}

/// graphinspect's end of a test process outside any isolated scope ends the whole run (nothing
/// in the process survives it, and `GraphObservation.withObserver` runs its code there alone);
/// before it does, the report is followed by which test it was and the line that isolates it.
@Suite struct TerminationNoteTests {
    /// Runs this test binary again with `arguments` and the fixture `mode` switched on.
    static func run(_ mode: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([noteSwitch: mode]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    #if os(Linux)
    @Test(.enabled(if: !noteFixturesOn), arguments: [
        ("with-observer", "missInsideWithObserver()", 20),
        ("async-with-observer", "missInsideAsyncWithObserver()", 25),
        ("outside", "missOutsideEveryScope()", 33),
    ])
    func aSwiftTestingTestIsNamedWithTheTraitThatIsolatesIt(_ mode: String, _ test: String, _ line: Int) throws {
        let result = try Self.run(mode, ["--testing-library", "swift-testing", "--filter", "TerminationNoteFixtures"])
        #expect(result.status != 0, "the run ends: \(result.output)")
        let report = try #require(result.output.range(of: "error: missing dependency `gateway: Gateway`"), "\(result.output)")
        let note = try #require(result.output.range(of: "graphinspect: this ends the whole test run, in test `\(test)` (GraphInspectTestingTests/TerminationNoteTests.swift:\(line)):"), "\(result.output)")
        #expect(report.lowerBound < note.lowerBound, "the note follows the report")
        #expect(result.output.contains("  isolate it: mark the test `@Test(.childProcessFirst)`, or run the code in `GraphCapture.record(into: recorder) { ... }` in place of `GraphObservation.withObserver(recorder) { ... }` (or in `GraphCapture.capture { ... }`), and it fails that test alone with this report (docs/testing.md)."), "\(result.output)")
    }

    /// The trait's fresh process runs only tests that are not parameterized: the fix is a scope.
    @Test(.enabled(if: !noteFixturesOn))
    func aParameterizedTestIsToldToRecordInAScope() throws {
        let result = try Self.run("parameterized", ["--testing-library", "swift-testing", "--filter", "TerminationNoteFixtures"])
        #expect(result.output.contains("graphinspect: this ends the whole test run, in test `missInAParameterizedTest(_:)` (GraphInspectTestingTests/TerminationNoteTests.swift:38):"), "\(result.output)")
        #expect(result.output.contains("  isolate it: run the code in `GraphCapture.record(into: recorder) { ... }` in place of"), "\(result.output)")
    }

    /// XCTest's current test case is not the test library's to read: the note points at the last
    /// one XCTest said started, which, XCTest running one at a time, is the one.
    @Test(.enabled(if: !noteFixturesOn))
    func anXCTestCaseIsTheOneLastSaidStarted() throws {
        let result = try Self.run("xctest", ["GraphInspectTestingTests.TerminationNoteXCFixtures/testMissInsideWithObserver"])
        #expect(result.status != 0, "the run ends: \(result.output)")
        let started = try #require(result.output.range(of: "Test Case 'TerminationNoteXCFixtures.testMissInsideWithObserver' started"), "\(result.output)")
        let note = try #require(result.output.range(of: "graphinspect: this ends the whole test run, in a test this process cannot name (XCTest's test case last said started above"), "\(result.output)")
        #expect(started.lowerBound < note.lowerBound)
        #expect(result.output.contains("  isolate it: run the code in `GraphCapture.record(into: recorder) { ... }` in place of `GraphObservation.withObserver(recorder) { ... }`"), "\(result.output)")
    }
    #endif

    /// On a test's task the note names it; an app, which does not link the test library, is told
    /// nothing (its report is pinned whole by the sample tests).
    @Test func theNoteNamesTheTestOnItsTask() throws {
        let note = try #require(TerminationNote.current())
        #expect(note.hasPrefix("graphinspect: this ends the whole test run, in test `theNoteNamesTheTestOnItsTask()` (GraphInspectTestingTests/TerminationNoteTests.swift:\(#line - 2)):"), "\(note)")
    }
}
