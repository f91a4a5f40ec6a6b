import Foundation
import GraphInspect

/// `graphinspect live` end to end: an app's lines streamed over TCP to
/// `graphinspect-live --listen`, shown by its page in Debian's chromium (Selenium, as the
/// explorer rows): the time from a line's sending to the page's first frame that includes it, at
/// 1,000 and 10,000 events a second; and 10,000 components streamed as fast as the socket takes
/// them, with the page's frame times and a click answered meanwhile.
enum LiveBenchmark {
    struct Server {
        let process: Process
        let url: String
        let appPort: UInt16
    }

    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let tool = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent().appendingPathComponent("graphinspect-live").path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            print("note: graphinspect-live is not built beside the benchmark (swift build -c release --product graphinspect-live): the live rows are skipped")
            return []
        }
        guard BrowserDriver.isInstalled else {
            print("note: no Selenium at \(BrowserDriver.python) (run `bash scripts/test`): the live rows are skipped")
            return []
        }
        var rows: [Row] = []
        let seconds = quick ? 1.0 : 5.0
        for rate in [1_000, 10_000] {
            let count = Int(Double(rate) * (rate == 10_000 ? seconds / 2.5 : seconds))
            let latencies = try latency(tool: tool, rate: rate, count: count, folder: folder)
            let sorted = latencies.sorted()
            let p50 = sorted[sorted.count / 2], p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            rows.append(Row("live", "event to page, p50, \(grouped(Double(rate), decimals: 0)) events/s (\(grouped(Double(count), decimals: 0)) events)", .seconds,
                            Sample(median: p50, min: sorted[0], max: sorted[sorted.count - 1])))
            rows.append(Row("live", "event to page, p99, \(grouped(Double(rate), decimals: 0)) events/s", .seconds, Sample(p99),
                            target: rate == 1_000 ? .below(0.25) : nil))
        }
        let components = quick ? 2_000 : 10_000
        let (frames, click, total) = try fullSpeed(tool: tool, components: components, folder: folder)
        let size = "\(grouped(Double(components), decimals: 0)) components streamed at full speed"
        rows.append(Row("live", "page frame while \(size), median", .seconds, Sample(of: frames)))
        rows.append(Row("live", "page frame while \(size), slowest", .seconds, Sample(frames.max() ?? 0)))
        rows.append(Row("live", "a click answered (panel shown) while \(size)", .seconds, Sample(click.shown), target: quick ? nil : .below(0.1)))
        rows.append(Row("live", "the server's details in that panel (/details) while \(size)", .seconds, Sample(click.details)))
        rows.append(Row("live", "\(size): first line sent to the last one on the page", .seconds, Sample(total)))
        return rows
    }

    static func start(_ tool: String) throws -> Server {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--listen", "127.0.0.1:0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("GRAPHINSPECT_LIVE=") || !text.hasSuffix("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let lines = text.split(separator: "\n")
        let url = lines.first?.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
        let port = lines.last { $0.contains("GRAPHINSPECT_LIVE=") }.flatMap { $0.split(separator: ":").last }.flatMap { UInt16($0) } ?? 0
        guard !url.isEmpty, port > 0 else { throw BenchError("graphinspect-live printed no address: \(text)") }
        return Server(process: process, url: url, appPort: port)
    }

    /// The browser, in the background: opens the page, says it is ready (a file), then runs
    /// `then`.
    static func browse(_ url: String, ready: String, then: [[String: Any]]) throws -> BrowserDriver {
        try BrowserDriver([
            ["open": url + "#bench"],
            ["jsAsync": "var done = arguments[arguments.length - 1]; (function wait() { if (window.graphinspectLive) { done(true); } else { setTimeout(wait, 20); } })();"],
            ["touch": ready],
        ] + then, name: "live-bench")
    }

    static func waitFor(_ condition: String, seconds: Int = 120) -> [String: Any] {
        ["jsAsync": "var done = arguments[arguments.length - 1], started = Date.now(); (function check() { if (\(condition)) { done(true); } else if (Date.now() - started > \(seconds * 1000)) { done(false); } else { setTimeout(check, 10); } })();"]
    }

    /// Connects as an app would (`LiveStream`), after the page is ready.
    static func connect(port: UInt16, ready: String) throws -> Int32 {
        for _ in 0..<3_000 where !FileManager.default.fileExists(atPath: ready) { usleep(10_000) }
        let fd = Loopback.connected(to: port)
        guard fd >= 0 else { throw BenchError("cannot connect to graphinspect-live") }
        send(fd, "graphinspect-live\n{\"format\":\"graphinspect-trace\",\"version\":2,\"pid\":1,\"program\":\"bench\"}\n"
             + "{\"event\":\"created\",\"id\":1,\"kind\":\"component\",\"type\":\"Bench.Root\",\"providers\":[{\"name\":\"a\",\"type\":\"Bench.A\",\"form\":\"stored\"}]}\n")
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        Array(text.utf8).withUnsafeBytes { _ = WriteAll.write(fd, $0) }
    }

    static func now() -> Double { Date().timeIntervalSince1970 * 1000 }

    /// Sends `count` lookups at `rate` a second (in bursts each millisecond); each one's latency,
    /// in seconds, from its sending to the page's first frame after a batch that holds it.
    static func latency(tool: String, rate: Int, count: Int, folder: URL) throws -> [Double] {
        let server = try start(tool)
        defer { server.process.terminate(); server.process.waitUntilExit() }
        let ready = folder.appendingPathComponent("live-ready-\(rate)").path
        let browser = try browse(server.url, ready: ready, then: [
            waitFor("window.graphinspectLive.events >= \(count + 2)"),
            ["js": "return window.graphinspectLiveTimes"],
        ])
        let fd = try connect(port: server.appPort, ready: ready)
        defer { close(fd) }
        var sent: [Double] = []
        sent.reserveCapacity(count)
        let line = "{\"event\":\"lookup\",\"requester\":1,\"name\":\"a\",\"type\":\"Bench.A\",\"walk\":[1],\"provider\":1,\"cacheHit\":false}\n"
        let start = now()
        var index = 0
        while index < count {
            // Due by now, at `rate` a second.
            let due = min(count, Int((now() - start) * Double(rate) / 1000) + 1)
            if due > index {
                let burst = due - index
                let stamp = now()
                send(fd, String(repeating: line, count: burst))
                sent += Array(repeating: stamp, count: burst)
                index = due
            }
            usleep(1_000)
        }
        let results = try browser.results()
        guard results.count >= 5, results[3] as? Bool == true, let times = results[4] as? [[NSNumber]] else {
            throw BenchError("the live page did not show \(count) events: \(results)")
        }
        // The page's batches: [events shown so far, when drawn (ms since the epoch)].
        let batches = times.map { ($0[0].intValue, $0[1].doubleValue) }
        var latencies: [Double] = []
        var batch = 0
        for (lookup, stamp) in sent.enumerated() {
            let pageIndex = lookup + 2
            while batch < batches.count, batches[batch].0 <= pageIndex { batch += 1 }
            guard batch < batches.count else { break }
            latencies.append(max(0, batches[batch].1 - stamp) / 1000)
        }
        return latencies
    }

    /// 10,000 components in chains 50 deep, sent as fast as the socket takes them; the page's
    /// frame times (s) meanwhile, a click's answer (the panel shown from the page's own model,
    /// then the server's details in it, s), and the time to the last on the page.
    static func fullSpeed(tool: String, components: Int, folder: URL) throws -> ([Double], (shown: Double, details: Double), Double) {
        let server = try start(tool)
        defer { server.process.terminate(); server.process.waitUntilExit() }
        let ready = folder.appendingPathComponent("live-ready-full").path
        let click = """
            var done = arguments[arguments.length - 1];
            var node = document.querySelector("#picture g.node"), title = document.getElementById("panel-title"), before = title.textContent, started = performance.now();
            if (!node) { done(-1); return; }
            var key = node.dataset.key, shown = null;
            window.graphinspectLiveDetails = null;
            node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
            (function check() {
              if (shown === null && title.textContent !== before) { shown = performance.now() - started; }
              if (shown !== null && window.graphinspectLiveDetails === key) { done([shown, performance.now() - started]); } else { requestAnimationFrame(check); }
            })();
            """
        let browser = try browse(server.url, ready: ready, then: [
            waitFor("window.graphinspectLive.events > \(components / 10)"),
            ["jsAsync": click],
            waitFor("window.graphinspectLive.nodes >= \(components + 1)"),
            ["js": "return [window.graphinspectLiveFrames, window.graphinspectLiveTimes]"],
        ])
        let fd = try connect(port: server.appPort, ready: ready)
        defer { close(fd) }
        var text = ""
        for id in 2...(components + 1) {
            let parent = (id - 2) % 50 == 0 ? 1 : id - 1
            text += "{\"event\":\"created\",\"id\":\(id),\"kind\":\"component\",\"type\":\"Bench.C\(id % 200)\",\"parent\":\(parent),\"providers\":[]}\n"
        }
        let started = now()
        send(fd, text)
        let results = try browser.results()
        guard results.count >= 7, let clickTimes = results[4] as? [NSNumber], clickTimes.count == 2,
              let pair = results[6] as? [Any], let frames = pair.first as? [NSNumber], let times = pair.last as? [[NSNumber]] else {
            throw BenchError("the live page did not show the stream: \(results)")
        }
        let last = times.last.map { $0[1].doubleValue } ?? started
        return (frames.map { $0.doubleValue / 1000 }, (clickTimes[0].doubleValue / 1000, clickTimes[1].doubleValue / 1000), (last - started) / 1000)
    }
}
