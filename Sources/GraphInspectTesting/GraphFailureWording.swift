import Foundation
import GraphInspect

/// Every failure message of the test library, worded in one place: what, where, why, and the fix.
enum GraphFailureWording {
    static func label(_ node: GraphNode) -> String {
        node.shortType + (node.key.map { " " + Quoted.string($0) } ?? "") + " \(node.id)"
    }

    static func goldenMismatch(path: String, diff: String, actualPath: String?, snapshot: GraphSnapshot) -> String {
        "The graph differs from the golden \(path):\n\(diff)\n"
            + (releasedHint(snapshot).isEmpty ? "" : String(releasedHint(snapshot).dropFirst()) + "\n")
            + (actualPath.map { "The actual output is in \($0).\n" } ?? "")
            + "If the change is intended, run the tests with GRAPHINSPECT_RECORD=failed to rewrite the goldens that differ."
    }

    static func mismatch(projection: String, diff: String, snapshot: GraphSnapshot) -> String {
        "The graph's \(projection) differs from the expected text:\n\(diff)"
            + (releasedHint(snapshot).isEmpty ? "" : "\n" + String(releasedHint(snapshot).dropFirst()))
    }

    /// A capture whose body ended the other process it ran in first (`CaptureProbe`).
    static func captureDied(_ death: CaptureProbe.Death) -> String {
        let recorded = death.snapshot.map {
            "The capture returns the graph recorded until then (\(count($0.nodes.count, "node"))); the test's other expectations judge it."
        } ?? "Nothing recorded could be saved; the capture returns an empty graph."
        return died(death, subject: "The code under capture", runner: "the capture", recorded: recorded)
    }

    /// A test whose body ended the fresh process it ran in first (`IsolationScope`).
    static func testDied(_ death: CaptureProbe.Death) -> String {
        let recorded = death.snapshot.map {
            "It did not run in the test process. The graph it recorded until then: \(count($0.nodes.count, "node"))."
        } ?? "It did not run in the test process."
        return died(death, subject: "The test", runner: "the trait", recorded: recorded)
    }

    /// A copy of the test process stuck on a lock another thread held at the fork, killed and made again.
    static func copyStalled(seconds: Double) -> String {
        let shown = (seconds * 10).rounded() / 10
        return "The copy of the test process this capture runs its code in first sat \(shown) s on a lock another thread of the test held when the process was copied; it was killed and made again (no fault of the code). In a Swift Testing test that is not parameterized, on Linux, a fresh process of the test binary is used instead and cannot stall so."
    }

    private static func died(_ death: CaptureProbe.Death, subject: String, runner: String, recorded: String) -> String {
        let place = death.place == .freshProcess ? "a fresh process of the test binary, running this test alone," : "a copy of the test process"
        var output = death.output.isEmpty ? "" : "Its last output:\n" + death.output.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n"
        // A module or router lookup that found nothing returns nil, which the app may then unwrap.
        if let failure = death.snapshot?.failures().last {
            output += "The last lookup that failed before it ended:\n\(failure.report(style: .plain))\n"
        }
        switch death.cause {
        case .graphDefect(let report):
            return "\(subject) ends the process on a defect in the graph:\n\(report)\n\(recorded)"
        case .exited(let status):
            return "\(subject) called exit(\(status.map(String.init) ?? "")), which would end the test run; \(runner) ran it in \(place) first.\n\(output)\(recorded)"
        case .signal(let number):
            return "\(subject) crashed with \(signalName(number)) (a Swift runtime trap, such as fatalError, a failed precondition or a force-unwrapped nil, is SIGILL or SIGTRAP); \(runner) ran it in \(place) first.\n\(output)\(recorded)"
        case .stuck(let attempts):
            return "\(subject) could not run in a copy of the test process: \(attempts) copies in a row stopped without progress before the code ended or returned (a lock another thread of the test held when the process was copied). Run such tests serially (.serialized), or set GRAPHINSPECT_CAPTURE=in-process to run captures in the test's process alone."
        case .timedOut(let seconds):
            return "\(subject) did not finish within \(Int(seconds)) s in \(place) where \(runner) runs it first. Set GRAPHINSPECT_CAPTURE_TIMEOUT for more time, or GRAPHINSPECT_CAPTURE=in-process to run it in the test's process alone.\n\(output)\(recorded)"
        }
    }

    /// What a test process prints as graphinspect ends it outside any scope that isolates the
    /// end (`TerminationNote`): the whole run ends, so the note names the test it can tell
    /// (`test`: its name and place; nil for an XCTest case, or a Swift Testing test off its task)
    /// and the one line that makes the next such end fail that test alone.
    static func endsTheTestRun(test: (name: String, place: String)?, takesTrait: Bool) -> String {
        let which = test.map { "in test `\($0.name)` (\($0.place))" }
            ?? "in a test this process cannot name (XCTest's test case last said started above, or a Swift Testing test off its own task)"
        let record = "run the code in `GraphCapture.record(into: recorder) { ... }` in place of `GraphObservation.withObserver(recorder) { ... }` (or in `GraphCapture.capture { ... }`)"
        let fix = takesTrait ? "mark the test `@Test(.childProcessFirst)`, or " + record : record
        return "graphinspect: this ends the whole test run, \(which): the code ran outside any scope of the test library that isolates it (`GraphObservation.withObserver` runs it in the test's process alone).\n"
            + "  isolate it: \(fix), and it fails that test alone with this report (docs/testing.md)."
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL"]
        return names[number] ?? "signal \(number)"
    }

    static func cannotProject(_ projection: String, reason: String) -> String {
        "Could not make the graph's \(projection) to compare: \(reason)"
    }

    /// Why a golden was written.
    enum RecordReason {
        case missing, failed, all
    }

    /// `setting` names what chose the mode: `GRAPHINSPECT_RECORD=...` (or the argument, said the
    /// same way), or `.graphGoldens(record: ...)` when a trait did.
    static func recorded(path: String, why: RecordReason, setting: String? = nil) -> String {
        switch why {
        case .missing: "Recorded the golden \(path), which did not exist. Check it in; the test passes from the next run if the graph is stable."
        case .failed: "Rewrote the golden \(path), which differed (\(setting ?? "GRAPHINSPECT_RECORD=failed")). Review the change; the test passes from the next run."
        case .all: "Recorded the golden \(path) (\(setting ?? "GRAPHINSPECT_RECORD=all")). Run the tests again without it; they pass if the graph is stable."
        }
    }

    static func unknownRecordMode(_ value: String) -> String {
        "GRAPHINSPECT_RECORD=\(value) names no record mode; use missing (the default), failed, all or never."
    }

    static func cannotRecord(path: String, reason: String) -> String {
        "Cannot write the golden \(path): \(reason)"
    }

    static func noGolden(path: String, setting: String? = nil) -> String {
        "No golden at \(path), and \(setting ?? "GRAPHINSPECT_RECORD=never"). Run the tests once without it (or with GRAPHINSPECT_RECORD=missing) to record it."
    }

    static func leaked(_ leaks: [RetainedAfterDetach], in snapshot: GraphSnapshot, grace: UInt64) -> String {
        let count = RetainedAfterDetach.counted(leaks, in: snapshot) + (leaks.count == 1 ? " was" : " were")
        return "Expected every module and holder let go to be released within \(RetainedAfterDetach.duration(grace)), but \(count) retained after detach:\n\n"
            + leaks.map { $0.report(in: snapshot, grace: grace) }.joined(separator: "\n\n")
    }

    static func missing(_ failures: [LookupFailure]) -> String {
        let count = failures.count == 1 ? "1 lookup failed" : "\(failures.count) lookups failed"
        return "Expected no missing dependencies, but \(count):\n\n" + failures.map { $0.report(style: .plain) }.joined(separator: "\n\n")
    }

    static func neverLookedUp(_ dependency: String, requester: String, known: [GraphNode]) -> String {
        let who = known.isEmpty ? "nothing looked it up" : "it was looked up by " + known.map(label).joined(separator: ", ")
        return "Expected \(requester) to resolve `\(dependency)`, but \(requester) never looked it up; \(who)."
    }

    static func failedLookup(_ dependency: String, requester: String, expected: String, report: String) -> String {
        "Expected \(requester) to resolve `\(dependency)` from \(expected), but the lookup failed:\n\n\(report)"
    }

    /// Why another provider answered than the one a test expected.
    enum OtherProvider {
        /// The expected one provides the name, above the one that answered first.
        case shadowed
        /// The expected one provides the name, but is not above the requester: no walk reaches it.
        case notAbove
        /// The expected one does not provide the name; what it does provide.
        case doesNotProvide([String])
    }

    static func wrongProvider(_ dependency: String, requester: String, expected: String, actual: GraphNode, walk: [GraphNode], why: OtherProvider) -> String {
        let head = "Expected \(requester) to resolve `\(dependency)` from \(expected), but \(label(actual)) answered it first;"
            + " walked " + walk.map(label).joined(separator: " -> ") + ". "
        switch why {
        case .shadowed:
            return head + "A nearer provider shadows the one expected: rename or remove it, or expect \(actual.shortType)."
        case .notAbove:
            return head + "\(expected) provides `\(dependency)` but is not above \(requester), so no walk from it reaches \(expected): expect \(actual.shortType), or make \(requester) a descendant of \(expected)."
        case .doesNotProvide(let names):
            let provides = names.isEmpty ? "provides nothing" : "provides " + names.map { "`\($0)`" }.joined(separator: ", ")
            return head + "\(expected) does not provide `\(dependency)` (it \(provides)): expect \(actual.shortType), or declare `\(dependency)` in \(expected)."
        }
    }

    static func noHolder(_ holder: String, in snapshot: GraphSnapshot) -> String {
        "Expected a holder named \(holder), but there is none in the graph." + didYouMean(holder, in: snapshot) + releasedHint(snapshot)
    }

    static func noNode(_ name: String, role: String, in snapshot: GraphSnapshot) -> String {
        "\(role) \(name) names no node of the graph (a node is named by its type, module-qualified or not, or its key)."
            + didYouMean(name, in: snapshot) + releasedHint(snapshot)
    }

    /// " Did you mean X?" for a name a few edits from one in the graph, else nothing.
    static func didYouMean(_ name: String, in snapshot: GraphSnapshot) -> String {
        let names = Set(snapshot.nodes.flatMap { [$0.shortType] + ($0.key.map { [$0] } ?? []) })
        let similar = names.filter { NameDistance.isSimilar($0, to: name) }.sorted()
        return similar.isEmpty ? "" : " Did you mean " + similar.joined(separator: " or ") + "?"
    }

    /// A hint when nothing in the graph is alive: the capture's closure let the app go.
    static func releasedHint(_ snapshot: GraphSnapshot) -> String {
        guard snapshot.liveNodes.isEmpty, !snapshot.nodes.isEmpty else { return "" }
        return "\nEvery node of the graph (\(snapshot.nodes.count)) was released before the snapshot was taken:"
            + " return the app's root from the `GraphCapture.capture` closure to keep it alive."
    }

    static func unreachable(_ key: String, from holder: GraphNode, searched: [GraphNode], in snapshot: GraphSnapshot) -> String {
        var lines = ["Expected module \(Quoted.string(key)) to be reachable from \(label(holder)), but no holder on the way to the root holds it:"]
        for searchedHolder in searched {
            let keys = (searchedHolder.modules ?? []).compactMap(snapshot.node).filter { !$0.released }.compactMap(\.key).map(Quoted.string)
            lines.append("  \(label(searchedHolder)) holds " + (keys.isEmpty ? "nothing" : keys.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }
}
