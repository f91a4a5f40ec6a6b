// The live server is built only with the package's extras (not under GRAPHINSPECT_WITHOUT_MACROS=1,
// the sanitizer runs' setting): its tests with it.
#if canImport(GraphInspectLive)
import Foundation
import Testing
@testable import GraphInspectCLI
@testable import GraphInspectLive
import GraphInspectTestSupport

/// What `graphinspect live`'s server lets in and what it outlives: its gate, apps streaming to
/// `--listen` (hostile lines, broken connections, a server started again mid-run), and the processes
/// a test starts.
@Suite(.serialized, .ownThread) struct LiveListenTests {
    /// The server answers only requests that name it (no DNS rebinding), from its own pages, and,
    /// when anything listens beyond this machine, with the token.
    @Test func theGateRefusesOtherSitesAndMissingTokens() throws {
        let local = RequestGate(port: 8080, bindHost: "127.0.0.1", token: nil)
        #expect(local.refusal(host: "127.0.0.1:8080", origin: nil, query: [:]) == nil)
        #expect(local.refusal(host: "localhost:8080", origin: "http://localhost:8080", query: [:]) == nil)
        #expect(local.refusal(host: "evil.example:8080", origin: nil, query: [:]) != nil, "a rebound name")
        #expect(local.refusal(host: nil, origin: nil, query: [:]) != nil)
        #expect(local.refusal(host: "127.0.0.1:8080", origin: "http://evil.example", query: [:]) != nil, "another site's page")
        let reachable = RequestGate(port: 9301, bindHost: "0.0.0.0", token: "abc")
        #expect(reachable.refusal(host: "127.0.0.1:9301", origin: nil, query: [:]) != nil, "no token")
        #expect(reachable.refusal(host: "127.0.0.1:9301", origin: nil, query: ["token": "abd"]) != nil)
        #expect(reachable.refusal(host: "127.0.0.1:9301", origin: nil, query: ["token": "abc"]) == nil)
        // The arguments are the CLI's `live` command's, parsed and checked there once.
        func listening(_ address: String) throws -> LiveRequest {
            try GraphInspectCommand.Live.parse(["--listen", address]).request()
        }
        #expect(try listening("0.0.0.0:9301").reachable)
        #expect(try !listening("9301").reachable)
        #expect(try listening("[::1]:9301").listen == .init(host: "::1", port: 9301))
        #expect(throws: (any Error).self, "two sources") { try GraphInspectCommand.Live.parse(["--trace", "a", "--listen", "1"]) }
        #expect(throws: (any Error).self, "a port out of range") { try GraphInspectCommand.Live.parse(["--listen", "0.0.0.0:70000"]) }
    }

    /// `--quiet` is taken as `dump` takes it: the app's own output goes nowhere instead of to the
    /// server's; with no app to run (`--trace`, `--listen`) it is refused.
    @Test func quietSilencesTheAppItRuns() throws {
        #expect(try GraphInspectCommand.Live.parse(["--quiet", "--", "/bin/sh"]).request().quiet)
        #expect(try !GraphInspectCommand.Live.parse(["--", "/bin/sh"]).request().quiet)
        #expect(throws: (any Error).self, "no app to silence") { try GraphInspectCommand.Live.parse(["--quiet", "--trace", "a"]) }
        for quiet in [false, true] {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("live-quiet-\(UUID().uuidString).txt")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: log) }
            let server = Process()
            server.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect")
            server.arguments = ["live"] + (quiet ? ["--quiet"] : []) + ["--", "/bin/sh", "-c", "echo app-$((40 + 2))-output; echo app-$((40 + 3))-errors >&2; exec sleep 30"]
            let handle = try FileHandle(forWritingTo: log)
            server.standardOutput = handle
            server.standardError = handle
            try ChildProcesses.launch(server)
            var text = ""
            for _ in 0..<200 where !(text.contains("graphinspect live: running") && (quiet || text.contains("app-43-errors"))) {
                Thread.sleep(forTimeInterval: 0.05)
                text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            }
            if quiet { Thread.sleep(forTimeInterval: 0.5) }
            ChildProcesses.end(server)
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(text.contains("graphinspect live: running /bin/sh"), "\(text)")
            // The words the app prints are computed, so the command line the server shows holds neither.
            #expect(text.contains("app-42-output") == !quiet && text.contains("app-43-errors") == !quiet, "quiet \(quiet): \(text)")
        }
    }

    /// No process a test starts outlives it: a `graphinspect-sample-live-steps` that
    /// a test started was left waiting for its steps with SIGTERM blocked (started from a test's
    /// thread), so `terminate()` could not end it. The app a test starts, and the one the server
    /// starts, both end when the test ends them.
    @Test func noProcessATestStartsOutlivesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = Process()
        app.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps")
        app.environment = ProcessInfo.processInfo.environment.merging(["GRAPHINSPECT_STEPS": folder.path, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        app.standardOutput = FileHandle.nullDevice
        try ChildProcesses.launch(app)
        let pid = app.processIdentifier
        #if os(Linux)
        #expect(ChildProcesses.takesStoppingSignals(pid), "the app blocks or ignores SIGTERM, SIGINT or SIGHUP")
        #endif
        ChildProcesses.end(app)
        #expect(app.terminationReason == .uncaughtSignal && app.terminationStatus == SIGTERM, "SIGTERM ended it, not SIGKILL")
        #expect(!ChildProcesses.isAlive(pid))

        // The server runs the app itself; stopping the server stops it too.
        let server = try LiveServer(["--", Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps").path],
                                environment: ["GRAPHINSPECT_STEPS": folder.path])
        defer { server.stop() }
        #if os(Linux)
        let children = ChildProcesses.children(of: server.process.processIdentifier)
        #expect(children.count == 1, "the server's app: \(children)")
        #expect(children.allSatisfy(ChildProcesses.takesStoppingSignals), "the server's app blocks or ignores SIGTERM, SIGINT or SIGHUP")
        #endif
        server.stop()
        #expect(server.process.terminationStatus != SIGKILL || server.process.terminationReason != .uncaughtSignal, "SIGTERM ended the server")
        #if os(Linux)
        let deadline = Date().addingTimeInterval(5)
        while children.contains(where: ChildProcesses.isAlive), Date() < deadline { usleep(20_000) }
        #expect(!children.contains(where: ChildProcesses.isAlive), "the server's app outlived it")
        #endif
    }

    /// An app streaming to `--listen`: a hostile line is refused (counted, never shown), and the
    /// app's trace file and output are the same as without a viewer, even when the viewer stops
    /// mid-run.
    @Test func aStreamingAppLosesNothingWhenTheViewerStops() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LiveServer(["--listen", "127.0.0.1:0"])
        defer { server.stop() }
        let address = server.lines.first { $0.contains("GRAPHINSPECT_LIVE=") }.flatMap { $0.components(separatedBy: "GRAPHINSPECT_LIVE=").last } ?? ""
        #expect(address.hasPrefix("127.0.0.1:"), "\(server.lines)")
        // The sample runs twice: with the viewer, stopped after step 1, and without one.
        let steps = folder.appendingPathComponent("steps")
        try FileManager.default.createDirectory(at: steps, withIntermediateDirectories: true)
        let app = Process()
        app.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps")
        let watched = folder.appendingPathComponent("watched.ndjson").path
        app.environment = ProcessInfo.processInfo.environment.merging(
            ["GRAPHINSPECT_TRACE": watched, "GRAPHINSPECT_LIVE": address, "GRAPHINSPECT_STEPS": steps.path, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let output = Pipe()
        app.standardOutput = output
        app.standardError = FileHandle.nullDevice
        try ChildProcesses.launch(app)
        defer { ChildProcesses.end(app) }
        _ = FileManager.default.createFile(atPath: steps.appendingPathComponent("step-1").path, contents: nil)
        let session = try Browser.run([["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2"), LivePage.state])
        #expect(session.results.count == 3 && session.results[1] as? Bool == true, "\(session.error ?? "")")
        server.stop()
        for step in 2...3 { _ = FileManager.default.createFile(atPath: steps.appendingPathComponent("step-\(step)").path, contents: nil) }
        let watchedOutput = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        app.waitUntilExit()

        let alone = folder.appendingPathComponent("alone.ndjson").path
        let unwatched = try Executable.run("graphinspect-sample-live-steps", [], environment: ["GRAPHINSPECT_TRACE": alone, "SWIFT_BACKTRACE": "enable=no"])
        #expect(unwatched.stdout == watchedOutput)
        #expect(app.terminationStatus == unwatched.status)
        // The header names the process; every other line is the same, but for the clock's
        // readings (when each thing happened, and how long it took).
        func untimed(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
                .map { String($0.replacing(/,"(time|duration)":[0-9]+/, with: "")) }
        }
        let withViewer = try untimed(watched)
        let without = try untimed(alone)
        #expect(Array(withViewer) == Array(without))
        #expect(withViewer.count > 5)
    }

    /// A connecting app's lines are held to the trace reader's rules: a line that is not a trace
    /// event is refused and counted, and never reaches a page.
    @Test func hostileLinesFromAnAppAreRefused() throws {
        let server = try LiveServer(["--listen", "127.0.0.1:0"])
        defer { server.stop() }
        let address = server.lines.first { $0.contains("GRAPHINSPECT_LIVE=") }.flatMap { $0.components(separatedBy: "GRAPHINSPECT_LIVE=").last } ?? ""
        let port = UInt16(address.split(separator: ":").last ?? "") ?? 0
        let lines = [
            "graphinspect-live",
            #"{"format":"graphinspect-trace","version":2}"#,
            #"{"event":"created","id":1,"kind":"component","type":"App.<img src=x onerror=alert(1)>","providers":[]}"#,
            "<script>alert(2)</script>",
            #"{"event":"created","id":2,"kind":"component","type":"App.B","parent":77,"providers":[]}"#,
            String(repeating: "x", count: 10_000),
        ]
        try LiveServer.send(lines.joined(separator: "\n") + "\n", to: port)
        let session = try Browser.run([
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 1 && document.getElementById('notice').textContent.length > 0"),
            ["text": "#notice"], ["count": "img"], ["texts": "#picture g.node text.title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "")")
        guard session.results.count == 5 else { return }
        #expect((session.results[2] as? String)?.hasPrefix("3 lines refused") == true, Comment(rawValue: String(describing: session.results[2])))
        #expect(session.results[3] as? Int == 0)
        // Shown as text (clipped to the box), never made an element.
        #expect((session.results[4] as? [String])?.first?.hasPrefix("<img src=x onerror=alert(") == true)
        #expect(session.dialog == nil)
    }

    /// An app whose connection breaks and comes back (the same process: its header) continues
    /// its run: the page keeps its nodes and counts only the lines this server never got. Another
    /// process starts a new run.
    @Test func anAppThatReconnectsContinuesItsRun() throws {
        let server = try LiveServer(["--listen", "127.0.0.1:0"])
        defer { server.stop() }
        let address = server.lines.first { $0.contains("GRAPHINSPECT_LIVE=") }.flatMap { $0.components(separatedBy: "GRAPHINSPECT_LIVE=").last } ?? ""
        let port = UInt16(address.split(separator: ":").last ?? "") ?? 0
        let header = #"{"format":"graphinspect-trace","version":2,"pid":4242,"program":"App"}"#
        let root = #"{"event":"created","id":1,"kind":"component","type":"App.Root","providers":[]}"#
        let cart = #"{"event":"created","id":2,"kind":"component","type":"App.Cart","parent":1,"providers":[]}"#
        let checkout = #"{"event":"created","id":3,"kind":"component","type":"App.Checkout","parent":2,"providers":[]}"#
        try LiveServer.send(["graphinspect-live", header, root, cart].joined(separator: "\n") + "\n", to: port)
        let first = try Browser.run([
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2 && window.graphinspectLive.state === 'disconnected'"),
        ])
        #expect(first.results.last as? Bool == true, "\(first.error ?? "")")
        // The app had sent 3 lines before it came back; this server got 2 of them.
        try LiveServer.send(["graphinspect-live", header, #"{"event":"dropped","lines":3}"#, checkout].joined(separator: "\n") + "\n", to: port)
        let session = try Browser.run([
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 3"),
            ["text": "#notice"], ["texts": "#picture g.node text.title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "")")
        guard session.results.count == 4 else { return }
        #expect((session.results[2] as? String)?.hasPrefix("1 events dropped by the app") == true, Comment(rawValue: String(describing: session.results[2])))
        #expect(session.results[3] as? [String] == ["Root", "Cart", "Checkout"])

        let other = header.replacingOccurrences(of: "4242", with: "4343")
        try LiveServer.send(["graphinspect-live", other, #"{"event":"dropped","lines":3}"#, root].joined(separator: "\n") + "\n", to: port)
        let again = try Browser.run([
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 1"), ["text": "#notice"],
        ])
        #expect(again.error == nil, "\(again.error ?? "")")
        #expect((again.results.last as? String)?.hasPrefix("joined mid-run: the app had sent 3 events") == true, Comment(rawValue: String(describing: again.results.last)))
    }

    /// The server is stopped and started again while the app runs: the new one gets what the app
    /// made since (kept while no viewer was there), and says it joined mid-run.
    @Test func aServerStartedAgainMidRunSaysItJoinedLate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        let steps = folder.appendingPathComponent("steps")
        try FileManager.default.createDirectory(at: steps, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try LiveServer(["--listen", "127.0.0.1:0"])
        defer { first.stop() }
        let address = first.lines.first { $0.contains("GRAPHINSPECT_LIVE=") }.flatMap { $0.components(separatedBy: "GRAPHINSPECT_LIVE=").last } ?? ""
        let app = Process()
        app.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps")
        app.environment = ProcessInfo.processInfo.environment.merging(
            ["GRAPHINSPECT_LIVE": address, "GRAPHINSPECT_STEPS": steps.path, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try ChildProcesses.launch(app)
        defer { ChildProcesses.end(app) }
        _ = FileManager.default.createFile(atPath: steps.appendingPathComponent("step-1").path, contents: nil)
        let before = try Browser.run([["open": first.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2")])
        #expect(before.results.last as? Bool == true, "\(before.error ?? "")")
        first.stop()

        let second = try LiveServer(["--listen", address])
        defer { second.stop() }
        _ = FileManager.default.createFile(atPath: steps.appendingPathComponent("step-2").path, contents: nil)
        let session = try Browser.run([
            ["open": second.url],
            LivePage.waitFor("window.graphinspectLive && document.getElementById('notice').textContent.indexOf('joined mid-run') >= 0"),
            ["text": "#notice"],
        ])
        #expect(session.error == nil, "\(session.error ?? "")")
        // Step 1 made the root and the cart (2 lines after the header); step 2's lines name them.
        #expect((session.results.last as? String)?.hasPrefix("joined mid-run: the app had sent 2 events before this server heard from it") == true,
                Comment(rawValue: String(describing: session.results.last)))
    }
}
#endif
