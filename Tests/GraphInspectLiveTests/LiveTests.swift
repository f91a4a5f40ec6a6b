// The live server is built only with the package's extras (not under GRAPHINSPECT_WITHOUT_MACROS=1,
// the sanitizer runs' setting): its tests with it.
#if canImport(GraphInspectLive)
import Foundation
import Testing
@testable import GraphInspectCLI
@testable import GraphInspectLive
import GraphInspectTestSupport

/// `graphinspect live` as a user sees it: an app that builds its tree in steps on cue
/// (graphinspect-sample-live-steps), watched in Chromium while it runs, reloaded, watched from a
/// second browser, dying; and what the server lets in.
@Suite(.serialized) struct LiveTests {
    /// `graphinspect live ARGUMENTS` in the background; its page's URL from its first line.
    final class Server {
        let process = Process()
        let url: String
        let lines: [String]

        init(_ arguments: [String], environment: [String: String] = [:]) throws {
            process.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect")
            process.arguments = ["live"] + arguments
            var env = ProcessInfo.processInfo.environment
            env.merge(environment) { $1 }
            env["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = env
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try ChildProcesses.launch(process)
            var text = ""
            let handle = out.fileHandleForReading
            while !(text.contains("\ngraphinspect live: running") || text.contains("\ngraphinspect live: following") || text.contains("\ngraphinspect live: listening")) || !text.hasSuffix("\n") {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            lines = text.split(separator: "\n").map(String.init)
            url = lines.first.flatMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) } ?? ""
        }

        func stop() {
            ChildProcesses.end(process)
        }
    }

    /// Waits in the page until `condition` (a JavaScript expression) holds, up to 20 s; then true.
    static func waitFor(_ condition: String) -> [String: Any] {
        ["jsAsync": """
            var done = arguments[arguments.length - 1], started = Date.now();
            (function check() {
              var ok = false; try { ok = !!(\(condition)); } catch (error) {}
              if (ok || Date.now() - started > 20000) { done(ok); } else { setTimeout(check, 50); }
            })();
            """]
    }

    static let state = ["js": "return window.graphinspectLive"]

    /// The live page, served while it follows a 400-component trace: its script (live.js, as the
    /// page carries it) runs to its end with no error in the console, as every written page's does
    /// (PageScriptTests).
    @Test func theLivePageScriptRunsThrough() throws {
        let script = try String(
            contentsOf: Golden.packageRoot.appendingPathComponent("Sources/GraphInspectPages/Assets/live.js"), encoding: .utf8
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let big = try SyntheticTraces.deepChains(components: 400)
        defer { try? FileManager.default.removeItem(atPath: big) }
        let live = try Server(["--trace", big])
        defer { live.stop() }
        let session = try Browser.run([
            ["open": live.url], Self.waitFor("window.graphinspectLive.ready === true && window.graphinspectLive.nodes === 400"),
            ["js": "return document.documentElement.outerHTML"],
        ])
        #expect(session.error == nil, "\(session.error ?? "")")
        #expect(session.console.filter { !$0.contains("favicon.ico") }.isEmpty, "\(session.console)")
        #expect(session.results.count == 3 && session.results[1] as? Bool == true, "the script did not run to its end (\(session.screenshot))")
        #expect((session.results.last as? String ?? "").contains(script), "the live page does not carry live.js")
    }

    @Test func aRunWatchedStepByStepReloadedAndSeenTwice() throws {
        let steps = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: steps, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: steps) }
        let server = try Server(["--", Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps").path],
                                environment: ["GRAPHINSPECT_STEPS": steps.path])
        defer { server.stop() }
        #expect(server.url.hasPrefix("http://127.0.0.1:"), "\(server.lines)")
        // A cue is a file the browser driver writes between its actions (`touch`).
        func cue(_ step: Int) -> [String: Any] { ["touch": steps.appendingPathComponent("step-\(step)").path] }
        var session = try Browser.run([["open": server.url], Self.waitFor("document.getElementById('state').textContent.indexOf('running') === 0"), Self.state])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        #expect((session.results.last as? [String: Any])?["nodes"] as? Int == 0, "nothing before step 1")

        _ = FileManager.default.createFile(atPath: steps.appendingPathComponent("step-1").path, contents: nil)
        session = try Browser.run([
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2"),
            ["texts": "#picture g.node > title"], ["texts": "#picture g.node text.title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        #expect(session.results[1] as? Bool == true, "step 1's two components appear")
        #expect(session.results[2] as? [String] == ["c1", "c2"])
        #expect(session.results[3] as? [String] == ["ShopComponent", "CartComponent"])

        // Step 2 arrives while a page is open: its node appears, with its lookup; nodes already
        // drawn stay where they were.
        session = try Browser.run([
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2"),
            ["js": "return Array.from(document.querySelectorAll('#picture g.node')).map(function (g) { return g.getAttribute('transform'); })"],
            ["js": "var xhr = new XMLHttpRequest(); xhr.open('GET', '/failures', false); xhr.send(); return xhr.status"],
            cue(2),
            Self.waitFor("window.graphinspectLive.nodes === 3"),
            ["js": "return Array.from(document.querySelectorAll('#picture g.node')).map(function (g) { return g.getAttribute('transform'); })"],
            ["texts": "#picture g.node text.details"],
            // A reload mid-run shows the same state.
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 3"),
            Self.state,
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 10 else { return }
        let before = session.results[2] as? [String] ?? []
        let after = session.results[6] as? [String] ?? []
        #expect(before.count == 2 && Array(after.prefix(2)) == before, "nodes on screen did not move: \(before) \(after)")
        #expect((session.results[7] as? [String] ?? []).contains { $0.contains("clock \u{2190} ShopComponent #1") }, Comment(rawValue: String(describing: session.results[7])))
        let reloaded = session.results[9] as? [String: Any] ?? [:]
        #expect(reloaded["nodes"] as? Int == 3 && reloaded["state"] as? String == "running")

        // Step 3: a lookup finds nothing; the node turns red, the report is there, and the app's
        // death is said.
        session = try Browser.run([
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 3"),
            cue(3),
            Self.waitFor("window.graphinspectLive.failed === 1 && window.graphinspectLive.state === 'exited'"),
            ["count": "#picture g.node.failed"],
            ["text": "#state"],
            Self.waitFor("document.querySelectorAll('button.failure').length === 1"),
            ["click": "button.failure"],
            Self.waitFor("document.querySelector('#panel-body pre') !== null"),
            ["text": "#panel-body pre"],
            Self.state,
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 10 else { return }
        #expect(session.results[4] as? Int == 1, "the failed requester is red")
        #expect((session.results[5] as? String)?.hasPrefix("killed by signal") == true, Comment(rawValue: String(describing: session.results[5])))
        #expect((session.results[8] as? String)?.hasPrefix("error: missing dependency `gateway: Gateway`\n  asked by PaymentComponent") == true)
        let first = session.results[9] as? [String: Any] ?? [:]

        // A second browser, after the end, agrees.
        let second = try Browser.run([["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.state === 'exited'"), Self.state, ["text": "#state"]])
        let agreed = second.results.count > 2 ? second.results[2] as? [String: Any] ?? [:] : [:]
        #expect(agreed["nodes"] as? Int == first["nodes"] as? Int && agreed["events"] as? Int == first["events"] as? Int && first["nodes"] as? Int == 4)
        #expect(second.console.filter { !$0.contains("favicon") } == [])
        #expect(session.console.filter { !$0.contains("favicon") } == [], "\(session.console)")
    }

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

    /// An app that releases everything as it ends leaves a page that still reads (every
    /// node was greyed to 35% opacity, its text below 2:1): each released node's title and details
    /// keep a contrast of at least 4.5:1 against its box, at full opacity.
    @Test func theTreeStaysReadableAfterTheAppEnds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("ended.ndjson")
        let run = try Executable.run("graphinspect-sample", [], environment: ["GRAPHINSPECT_TRACE": trace.path])
        #expect(run.status == 0)
        var lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let created = lines.compactMap { line -> Int? in
            guard line.contains("\"event\":\"created\""), let range = line.range(of: "\"id\":") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        let released = Set(lines.compactMap { line -> Int? in
            guard line.hasPrefix("{\"event\":\"released\",\"id\":") else { return nil }
            return Int(line.dropFirst(28).prefix { $0.isNumber })
        })
        lines += created.reversed().filter { !released.contains($0) }.map { "{\"event\":\"released\",\"id\":\($0)}" }
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)

        let server = try Server(["--trace", trace.path])
        defer { server.stop() }
        let session = try Browser.run([
            ["open": server.url],
            Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === \(created.count) && document.querySelectorAll('#picture g.node.released').length === \(created.count)"),
            ["js": """
                function rgb(text) { var m = text.match(/[0-9.]+/g); return m ? m.slice(0, 3).map(Number) : [0, 0, 0]; }
                function luminance(c) { var l = c.map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; }
                function contrast(a, b) { var x = luminance(rgb(a)), y = luminance(rgb(b)); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
                var worst = 99, faded = 0;
                document.querySelectorAll('#picture g.node.released').forEach(function (group) {
                  for (var e = group; e && e.id !== 'picture'; e = e.parentNode) { if (parseFloat(getComputedStyle(e).opacity) < 1) { faded++; break; } }
                  var box = getComputedStyle(group.querySelector('rect')).fill;
                  group.querySelectorAll('text').forEach(function (text) { worst = Math.min(worst, contrast(getComputedStyle(text).fill, box)); });
                });
                return [worst, faded];
                """],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        let measured = session.results.last as? [Double] ?? []
        #expect(measured.count == 2 && measured[0] >= 4.5, "lowest text contrast of a released node: \(measured)")
        #expect(measured.count == 2 && measured[1] == 0, "released nodes drawn faded: \(measured)")
    }

    /// A module kept alive after its holder detached it is marked when its grace runs out, listed
    /// with its report (the words `why` uses), and its panel shows the report on click; the
    /// module detached and released, and the one still attached, are not marked.
    @Test func aLeakIsMarkedWhenItsGraceRunsOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("leaking.ndjson")
        let run = try Executable.run("graphinspect-sample-leaking", [], environment: ["GRAPHINSPECT_TRACE": trace.path, "GRAPHINSPECT_LEAK_GRACE": "200"])
        #expect(run.status == 0)
        let server = try Server(["--trace", trace.path], environment: ["GRAPHINSPECT_LEAK_GRACE": "200"])
        defer { server.stop() }
        let session = try Browser.run([
            ["open": server.url],
            Self.waitFor("window.graphinspectLive && window.graphinspectLive.leaked === 1 && document.querySelectorAll('#retained button').length === 1"),
            ["count": "#picture g.node.leaked"],
            ["texts": "#retained > li"],
            ["click": "#retained button"],
            Self.waitFor("Array.prototype.some.call(document.querySelectorAll('#panel-body h3'), function (h) { return h.textContent === 'retained after detach'; })"),
            ["text": "#panel-title"],
            ["text": "#panel-body pre"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 8 else { return }
        #expect(session.results[1] as? Bool == true, "marked")
        #expect(session.results[2] as? Int == 1)
        let items = session.results[3] as? [String] ?? []
        #expect(items.first == "1 module retained after detach (a leak) (click one for its report):")
        #expect(items.dropFirst().first?.hasPrefix("retained after detach: SettingsModule \"settings\" #") == true, "\(items)")
        #expect(session.results[5] as? Bool == true, "the panel shows the report")
        #expect((session.results[6] as? String)?.hasPrefix("SettingsModule") == true)
        #expect((session.results[7] as? String)?.contains("still alive below it: SettingsComponent") == true, "\(session.results[7])")
        #expect(session.console == [], "\(session.console)")
    }

    /// The ported RIBs app's two leaks (as LeaksOnTheRIBsAppTests finds them): both marked, no other.
    @Test func theRIBsAppsTwoLeaksAreMarked() throws {
        let trace = try RIBsTicTacToeRun.trace(fixed: false)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let server = try Server(["--trace", trace], environment: RIBsTicTacToeRun.grace)
        defer { server.stop() }
        let session = try Browser.run([
            ["open": server.url],
            Self.waitFor("window.graphinspectLive && window.graphinspectLive.leaked === 2 && document.querySelectorAll('#retained button').length === 2"),
            ["count": "#picture g.node.leaked"],
            ["texts": "#retained button"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 4 else { return }
        #expect(session.results[1] as? Bool == true)
        #expect(session.results[2] as? Int == 2)
        let names = (session.results[3] as? [String] ?? []).map { String($0.dropFirst("retained after detach: ".count).prefix { $0 != "#" }) }
        #expect(names == ["OffGameModule \"offGame\" ", "TicTacToeModule \"ticTacToe\" "], "\(names)")
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
        let server = try Server(["--", Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps").path],
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
        let server = try Server(["--listen", "127.0.0.1:0"])
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
        let session = try Browser.run([["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2"), Self.state])
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
        // readings (a failed lookup carries when it failed).
        func untimed(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
                .map { String($0.replacing(/,"time":[0-9]+/, with: "")) }
        }
        let withViewer = try untimed(watched)
        let without = try untimed(alone)
        #expect(Array(withViewer) == Array(without))
        #expect(withViewer.count > 5)
    }

    /// A connecting app's lines are held to the trace reader's rules: a line that is not a trace
    /// event is refused and counted, and never reaches a page.
    @Test func hostileLinesFromAnAppAreRefused() throws {
        let server = try Server(["--listen", "127.0.0.1:0"])
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
        try Self.send(lines.joined(separator: "\n") + "\n", to: port)
        let session = try Browser.run([
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 1 && document.getElementById('notice').textContent.length > 0"),
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
        let server = try Server(["--listen", "127.0.0.1:0"])
        defer { server.stop() }
        let address = server.lines.first { $0.contains("GRAPHINSPECT_LIVE=") }.flatMap { $0.components(separatedBy: "GRAPHINSPECT_LIVE=").last } ?? ""
        let port = UInt16(address.split(separator: ":").last ?? "") ?? 0
        let header = #"{"format":"graphinspect-trace","version":2,"pid":4242,"program":"App"}"#
        let root = #"{"event":"created","id":1,"kind":"component","type":"App.Root","providers":[]}"#
        let cart = #"{"event":"created","id":2,"kind":"component","type":"App.Cart","parent":1,"providers":[]}"#
        let checkout = #"{"event":"created","id":3,"kind":"component","type":"App.Checkout","parent":2,"providers":[]}"#
        try Self.send(["graphinspect-live", header, root, cart].joined(separator: "\n") + "\n", to: port)
        let first = try Browser.run([
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2 && window.graphinspectLive.state === 'disconnected'"),
        ])
        #expect(first.results.last as? Bool == true, "\(first.error ?? "")")
        // The app had sent 3 lines before it came back; this server got 2 of them.
        try Self.send(["graphinspect-live", header, #"{"event":"dropped","lines":3}"#, checkout].joined(separator: "\n") + "\n", to: port)
        let session = try Browser.run([
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 3"),
            ["text": "#notice"], ["texts": "#picture g.node text.title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "")")
        guard session.results.count == 4 else { return }
        #expect((session.results[2] as? String)?.hasPrefix("1 events dropped by the app") == true, Comment(rawValue: String(describing: session.results[2])))
        #expect(session.results[3] as? [String] == ["Root", "Cart", "Checkout"])

        let other = header.replacingOccurrences(of: "4242", with: "4343")
        try Self.send(["graphinspect-live", other, #"{"event":"dropped","lines":3}"#, root].joined(separator: "\n") + "\n", to: port)
        let again = try Browser.run([
            ["open": server.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 1"), ["text": "#notice"],
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
        let first = try Server(["--listen", "127.0.0.1:0"])
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
        let before = try Browser.run([["open": first.url], Self.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2")])
        #expect(before.results.last as? Bool == true, "\(before.error ?? "")")
        first.stop()

        let second = try Server(["--listen", address])
        defer { second.stop() }
        _ = FileManager.default.createFile(atPath: steps.appendingPathComponent("step-2").path, contents: nil)
        let session = try Browser.run([
            ["open": second.url],
            Self.waitFor("window.graphinspectLive && document.getElementById('notice').textContent.indexOf('joined mid-run') >= 0"),
            ["text": "#notice"],
        ])
        #expect(session.error == nil, "\(session.error ?? "")")
        // Step 1 made the root and the cart (2 lines after the header); step 2's lines name them.
        #expect((session.results.last as? String)?.hasPrefix("joined mid-run: the app had sent 2 events before this server heard from it") == true,
                Comment(rawValue: String(describing: session.results.last)))
    }

    static func send(_ text: String, to port: UInt16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
        _ = text.withCString { write(fd, $0, strlen($0)) }
        usleep(200_000)
    }
}
#endif
