import Foundation
import GraphInspect
import GraphInspectTrace
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

@Suite(.ownThread) struct DumpExecutableTests {
    var sample: String { Executable.buildFolder.appendingPathComponent("graphinspect-sample").path }
    var dying: String { Executable.buildFolder.appendingPathComponent("graphinspect-sample-dying").path }

    @Test func dumpOfTheSampleBinaryPrintsTheSameTreeAsTheInProcessDump() throws {
        let result = try Executable.run("graphinspect", ["dump", "--", sample])
        #expect(result.status == 0)
        // The app's own output goes to standard error, never into the data.
        #expect(result.stdout == (try GraphInspectCommand.Dump.parse([]).render()))
        #expect(result.stderr == "sample app: session finished\n")
        let quiet = try Executable.run("graphinspect", ["dump", "--quiet", "--", sample])
        #expect(quiet.stdout == (try GraphInspectCommand.Dump.parse([]).render()))
        #expect(quiet.stderr == "")
    }

    /// A filter is judged against the graph, so after the app has run; a typo then keeps the run,
    /// which is drawn with the name corrected without running the app again.
    @Test func aFilterTypoAfterARunKeepsTheRun() throws {
        let typo = try Executable.run("graphinspect", ["dump", "--quiet", "--format", "dot", "--focus", "SetingsModule", "--", sample])
        #expect(typo.status == 64)
        let message = try #require(typo.stderr.split(separator: "\n").first.map(String.init))
        #expect(message.hasPrefix("Error: --focus SetingsModule matches no component, module or holder (by type or key). Known: "), "\(message)")
        let kept = try #require(message.split(separator: " ").first { $0.hasPrefix("/") && $0.hasSuffix(".json:") }.map { String($0.dropLast()) })
        defer { try? FileManager.default.removeItem(atPath: kept) }
        #expect(message.hasSuffix("The run is kept in \(kept): graphinspect dump --trace \(kept) --format dot --focus SetingsModule, the name corrected, draws it without running the app again."))
        let corrected = try Executable.run("graphinspect", ["dump", "--trace", kept, "--format", "dot", "--focus", "SettingsModule"])
        let direct = try Executable.run("graphinspect", ["dump", "--quiet", "--format", "dot", "--focus", "SettingsModule", "--", sample])
        #expect(corrected.status == 0 && direct.status == 0, "\(corrected.stderr)")
        #expect(corrected.stdout == direct.stdout)
        // The bundled sample run in this process is not kept: running it again costs nothing.
        let inProcess = try Executable.run("graphinspect", ["dump", "--format", "dot", "--focus", "SetingsModule"])
        #expect(inProcess.status == 64 && !inProcess.stderr.contains("is kept"), "\(inProcess.stderr)")
    }

    @Test func dyingSampleIsReportedAndItsTreeUpToTheFailureIsPrinted() throws {
        let result = try Executable.run("graphinspect", ["dump", "--quiet", "--", dying])
        #expect(result.status == 0)
        #expect(result.stderr == "graphinspect: \(dying) was killed by signal 4 (Illegal instruction); showing what it recorded until then\n")
        #expect(result.stdout.contains("""
                CheckoutComponent #25
                  provides cartID: String
                  resolves paymentService: PaymentService <- MISSING, 1 lookup
            """))
        // Everything the session built before checkout is there.
        #expect(result.stdout.contains("AvatarModule \"avatar\" #18"))
    }

    /// What the app printed before a missing dependency ended it reaches the log, before the
    /// report: in a pipe its standard output is buffered, and the runtime flushes it before dying.
    @Test func aDyingAppsLastPrintedLinesArriveBeforeItsReport() throws {
        let steps = Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps").path
        let direct = try Executable.run(steps, [], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(direct.stdout == "live steps: step 1 built\nlive steps: step 2 built\nlive steps: step 3 looks up gateway\n")
        let dumped = try Executable.run("graphinspect", ["dump", "--", steps])
        let printed = try #require(dumped.stderr.range(of: "live steps: step 3 looks up gateway\n"), "\(dumped.stderr)")
        let report = try #require(dumped.stderr.range(of: "error: missing dependency `gateway: Gateway`"))
        #expect(printed.upperBound <= report.lowerBound)
    }

    @Test func dyingSampleTraceEndsWithTheFailedLookupAndItsWholeWalk() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("dying-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let run = try Executable.run("graphinspect-sample-dying", [], environment: ["GRAPHINSPECT_TRACE": trace, "SWIFT_BACKTRACE": "enable=no"])
        #expect(run.status != 0)
        // The whole report is printed before the process ends.
        #expect(run.stderr.hasPrefix("""
            error: missing dependency `paymentService: PaymentService`
              asked by CheckoutComponent at ^->AppComponent->CheckoutComponent
            """))
        #expect(run.stderr.contains("fix: move `paymentService: PaymentService` from ProfileComponent up to AppComponent, which both reach\n"))
        let result = try TraceReader().read(path: trace)
        #expect(result.warnings.isEmpty)
        // Cut to its written length before the process ended: no NUL padding.
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)).last == UInt8(ascii: "\n"))
        // The failed lookup, then the end with graphinspect's report: why the trace stops there.
        guard case .ended(let end) = try #require(result.snapshot.events.last),
              case .lookup(let lookup) = try #require(result.snapshot.events.dropLast().last) else {
            Issue.record("the last events are not a lookup and the end: \(result.snapshot.events.suffix(2))")
            return
        }
        #expect(end.report?.hasPrefix("error: missing dependency `paymentService: PaymentService`\n") == true)
        #expect(lookup.name == "paymentService")
        #expect(lookup.provider == nil)
        #expect(lookup.walk.compactMap { result.snapshot.node($0)?.shortType } == ["CheckoutComponent", "AppComponent"])
    }

    @Test func sigkilledRecorderLeavesEveryCompleteLine() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("killed-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        // Let it write for a while, then kill it without warning.
        let process = try Executable.startRecordingForever(to: trace, until: 2_000)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

        let bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
        let completeLines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count - 1
        #expect(completeLines > 1_000)
        let result = try TraceReader().read(path: trace)
        // Every complete line but the header is an event that was read.
        #expect(result.eventCount == completeLines - 1)
        #expect(result.warnings.count <= 1)
        #if os(Linux)
        // Written through a mapping: the rest of the last chunk is NUL padding, which the
        // reader took as the end.
        #expect(bytes.last == 0)
        #endif
    }

    @Test func badTraceExitsWith65AndNamesTheLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"format\":\"graphinspect-trace\",\"version\":1}\n{\"event\":\"released\",\"id\":3}\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try Executable.run("graphinspect", ["dump", "--trace", path])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(path):2: released event: \"id\" names id 3, which no earlier line created\n")
        #expect(result.stdout == "")
    }

    @Test func dumpOfARecordedTraceEqualsTheDumpOfTheRun() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        _ = try Executable.run("graphinspect-sample", [], environment: ["GRAPHINSPECT_TRACE": trace])
        let fromTrace = try Executable.run("graphinspect", ["dump", "--trace", trace])
        #expect(fromTrace.status == 0)
        #expect(fromTrace.stdout == (try GraphInspectCommand.Dump.parse([]).render()))
    }

    @Test func missingOrNonExecutableAppIsAClearError() throws {
        let missing = try Executable.run("graphinspect", ["dump", "--", "/nonexistent/App"])
        #expect(missing.status == 69)
        #expect(missing.stderr == "Error: cannot run /nonexistent/App: no such file. Build the app first (swift build), or check the path.\n")
        let onPath = try Executable.run("graphinspect", ["dump", "--", "no-such-app-anywhere"])
        #expect(onPath.stderr == "Error: cannot run no-such-app-anywhere: not found on PATH. Give its path, e.g. .build/debug/no-such-app-anywhere.\n")
        let folder = try Executable.run("graphinspect", ["dump", "--", "/tmp"])
        #expect(folder.stderr == "Error: cannot run /tmp: it is not an executable file. Give the app's binary, e.g. .build/debug/<App>.\n")
    }

    @Test func traceAndExecutableTogetherAreRefused() throws {
        let result = try Executable.run("graphinspect", ["dump", "--trace", "x", "--", sample])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Give one of --trace FILE, --sample NAME or -- EXECUTABLE."))
    }
}
