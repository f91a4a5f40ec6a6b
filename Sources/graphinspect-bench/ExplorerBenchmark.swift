import Foundation
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectPages
import GraphInspectTrace

/// The explorer page (`dump --format html`) of generated apps of 100, 1,000 and 10,000
/// components, in Debian's chromium driven by Selenium (Tests/Browser/drive.py, in
/// the environment `bash scripts/test` makes, `BrowserDriver`): the time from navigation to the first picture on
/// screen, the page's size against its trace's, and the time of each frame while panning.
enum ExplorerBenchmark {
    /// Pans for 90 frames, `open` = 1 after opening every node (Shift on the root's +) and
    /// `zoom` times in from the whole (10 frames to settle after that jump first); or, with ZOOMING
    /// = 1, zooms out by 1.15 a frame from there instead. The frames' times (ms) sorted, and the
    /// nodes open.
    static let pan = """
        var done = arguments[arguments.length - 1];
        var explorer = window.graphinspectExplorer, outline = explorer.outline(), zoom = explorer.zoom;
        if (OPEN && outline) { var root = outline.rootKey(); outline.toggle(root, false); outline.toggle(root, true); }
        zoom.fit(); zoom.zoom(ZOOM);
        var times = [], last = null, frames = -10;
        function tick(now) {
          if (last !== null && frames > 0) { times.push(now - last); }
          last = now;
          // Right and down for 30 frames, back for 30, right again: the view stays on the picture.
          var way = Math.floor(frames / 30) % 2 === 0 ? 1 : -1;
          if (frames > 0 && ZOOMING) { zoom.zoom(1 / 1.15); } else if (frames > 0) { zoom.pan(0.03 * way, 0.01 * way); }
          if (frames++ < (ZOOMING ? 24 : 90)) { requestAnimationFrame(tick); return; }
          times.sort(function (a, b) { return a - b; });
          done({ times: times, open: outline ? outline.shownCount() : document.querySelectorAll("#picture g.node").length });
        }
        requestAnimationFrame(tick);
        """

    /// Selects the last node (as a click or a search would: its panel, opened in place) and
    /// returns the time (ms) until the frame after it.
    static let select = """
        var done = arguments[arguments.length - 1];
        var keys = Object.keys(JSON.parse(document.getElementById("explorer-data").textContent).nodes);
        var key = keys.filter(function (k) { return k.charAt(0) === "c"; }).pop(), started = performance.now();
        window.graphinspectExplorer.select(key);
        requestAnimationFrame(function () { setTimeout(function () { done(performance.now() - started); }, 0); });
        """

    /// Waits for the first picture and returns when it was on screen (ms since navigation).
    static let firstPicture = """
        var done = arguments[arguments.length - 1];
        (function wait() { var at = window.graphinspectExplorer && window.graphinspectExplorer.drawnAt; if (at) { done(at); } else { setTimeout(wait, 20); } })();
        """

    /// The page of a lookup-heavy app, as `dump --format html` writes it, against the
    /// page of the benchmark's own shape: their sizes, no browser needed.
    static func pageSizes(quick: Bool, folder: URL) throws -> [Row] {
        let components = quick ? 1_000 : 10_000
        var rows: [Row] = []
        for heavy in [false, true] {
            let trace = folder.appendingPathComponent("explorer-size-\(heavy).ndjson").path
            try ScaleBenchmarks.generate(components: components, modules: components / 10, lookupHeavy: heavy, path: trace)
            let snapshot = try TraceReader().read(path: trace).snapshot
            let views = try ExplorerData.views(of: snapshot, options: DiagramOptions(summarizeAbove: 150)) { dot, _ in
                String(decoding: try GraphvizRenderer.render(dot: dot), as: UTF8.self)
            }
            let page = ExplorerPage().html(ExplorerData(snapshot: snapshot, views: views, title: "page"), title: "page")
            let traceBytes = Double((try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0)
            let shape = heavy ? "lookup-heavy: 3 providers and 3 lookups each, every name distinct" : "the benchmark's shape"
            rows.append(Row("explorer", "page size, \(grouped(Double(components), decimals: 0)) components, \(shape)", .bytes, Sample(Double(page.utf8.count)),
                            baseline: ("its trace", Sample(traceBytes)), target: quick ? nil : .below(3_000_000)))
        }
        return rows
    }

    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let pages = try pageSizes(quick: quick, folder: folder)
        guard BrowserDriver.isInstalled else {
            print("note: no Selenium at \(BrowserDriver.python) (run `bash scripts/test` from the package's folder): the explorer rows are skipped")
            return pages
        }
        let sizes = quick ? RunSize.quick([100, 1_000], smoke: [100]) : [100, 1_000, 10_000]
        let repeats = quick ? 1 : 3
        var rows: [Row] = []
        var baselinePicture: Sample?
        var baselineFrame: Sample?
        for components in sizes {
            let trace = folder.appendingPathComponent("explorer-\(components).ndjson").path
            try ScaleBenchmarks.generate(components: components, modules: components / 10, path: trace)
            let snapshot = try TraceReader().read(path: trace).snapshot
            // As `dump --format html` makes it, with the CLI's default summary limit.
            let views = try ExplorerData.views(of: snapshot, options: DiagramOptions(summarizeAbove: 150)) { dot, _ in
                String(decoding: try GraphvizRenderer.render(dot: dot), as: UTF8.self)
            }
            let page = folder.appendingPathComponent("explorer-\(components).html").path
            let title = "\(components) components"
            try Data(ExplorerPage().html(ExplorerData(snapshot: snapshot, views: views, title: title), title: title).utf8).write(to: URL(fileURLWithPath: page))

            var actions: [[String: Any]] = []
            for _ in 0..<repeats { actions += [["open": "file://" + page], ["jsAsync": firstPicture]] }
            func script(open: Bool, zoom: Int, zooming: Bool = false) -> [String: Any] {
                ["jsAsync": pan.replacingOccurrences(of: "OPEN", with: open ? "1" : "0").replacingOccurrences(of: "ZOOMING", with: zooming ? "1" : "0")
                    .replacingOccurrences(of: "ZOOM", with: "\(zoom)")]
            }
            actions.append(script(open: false, zoom: 1))
            if components == sizes.last {
                actions += [script(open: true, zoom: 1), script(open: true, zoom: 30), script(open: true, zoom: 30, zooming: true)]
            }
            if components == sizes.last { actions.append(["jsAsync": select]) }
            let results = try BrowserDriver.run(actions, name: "explorer-bench")
            let pictures = stride(from: 1, to: repeats * 2, by: 2).compactMap { (results[$0] as? NSNumber)?.doubleValue }.map { $0 / 1000 }
            guard pictures.count == repeats else { throw BenchError("the explorer page of \(title) drew no picture: \(results)") }
            let picture = Sample(of: pictures)
            let size = "\(grouped(Double(components), decimals: 0)) components"
            rows.append(Row("explorer", "first picture, \(size)", .seconds, picture,
                            baseline: baselinePicture.map { ("100 components", $0) }, target: components == 10_000 ? .below(1) : nil))
            let pageBytes = Double((try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int) ?? 0)
            let traceBytes = Double((try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0)
            rows.append(Row("explorer", "page size, \(size)", .bytes, Sample(pageBytes), baseline: ("its trace", Sample(traceBytes))))
            if components == sizes.last, let selected = (results.last as? NSNumber)?.doubleValue {
                rows.append(Row("explorer", "a click: a node selected, its panel, opened in place, \(size)", .seconds, Sample(selected / 1000),
                                target: components == 10_000 ? .below(0.1) : nil))
            }
            let pans = results[(repeats * 2)...].compactMap { $0 as? [String: Any] }
            for (index, panned) in pans.enumerated() {
                let times = (panned["times"] as? [NSNumber] ?? []).map { $0.doubleValue / 1000 }
                guard !times.isEmpty else { continue }
                let open = (panned["open"] as? NSNumber)?.intValue ?? 0
                let how = ["as opened", "every node open, whole in view", "every node open, 30x in", "every node open, zooming out from 30x in"][index]
                let frames = Sample(median: times[times.count / 2], min: times[0], max: times[times.count - 1])
                if baselineFrame == nil { baselineFrame = frames }
                let what = index == 3 ? "zoom frame" : "pan frame"
                rows.append(Row("explorer", "\(what), median, \(size), \(how) (\(grouped(Double(open), decimals: 0)) open)", .seconds, frames,
                                baseline: baselineFrame.map { ("100 components as opened", $0) }))
                rows.append(Row("explorer", "\(what), slowest, \(size), \(how)", .seconds, Sample(times[times.count - 1]),
                                target: components == 10_000 ? .below(0.1) : nil))
            }
            if baselinePicture == nil { baselinePicture = picture }
        }
        return pages + rows
    }
}

/// Why a benchmark could not measure what it set out to.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
