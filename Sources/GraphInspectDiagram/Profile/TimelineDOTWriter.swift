import GraphInspect

/// The startup as a flame chart, in DOT for Graphviz to draw: `profile --format svg`.
///
/// One row of boxes per thread and nesting depth, time running left to right; a box's width is
/// its span's duration on one scale for the whole picture, its colour its kind, a red border a
/// main-thread span over the budget. Every node's position is pinned (`pos="x,y!"`) for
/// Graphviz's `neato`, which keeps pinned nodes where they are and draws them: the positions are
/// the data (time, thread, depth), the rendering is Graphviz's. A label shows where its box is
/// wide enough to hold it legibly; every box carries its whole label and times as a tooltip.
public struct TimelineDOTWriter: Sendable {
    /// The chart's width in points, for the window's duration.
    public var width: Double = 760
    /// A row's height in points.
    public var rowHeight: Double = 22
    /// Points a label character takes at the chart's font size (11 pt Helvetica, with margin).
    static let pointsPerCharacter = 6.2
    static let fontSize = 11

    public init() {}

    /// The colours of the span kinds, as the legend shows them.
    public static let colours: [(kind: ProfileSpan.Kind, fill: String, meaning: String)] = [
        (.builder, "#c6dbef", "builder run"),
        (.construction, "#fdd0a2", "component construction"),
        (.lookup, "#c7e9c0", "lookup (walk)"),
        (.firstUse, "#fcbba1", "provider built on first use"),
        (.moduleLookup, "#dadaeb", "module or router lookup"),
    ]

    public func write(_ spans: RunSpans, profile: RunProfile) -> String {
        let window = profile.window
        // The window on its thread, and whatever ran in it on the others.
        let shown = spans.spans.filter { $0.start <= window.end && $0.end >= window.start }
        let duration = max(window.duration, 1)
        let scale = width / Double(duration)
        var depth = [Int](repeating: 0, count: spans.spans.count)
        for span in spans.spans { depth[span.index] = span.parent.map { depth[$0] + 1 } ?? 0 }
        let threads = Set(shown.map(\.thread)).sorted()
        // Rows from the top: each thread's depths, a gap between threads.
        var rowOfThread: [UInt32: Int] = [:]
        var row = 0
        for thread in threads {
            rowOfThread[thread] = row
            row += (shown.filter { $0.thread == thread }.map { depth[$0.index] }.max() ?? 0) + 2
        }
        let axisY = 0.0
        func y(_ row: Int) -> Double { -Double(row + 1) * rowHeight - rowHeight }
        let left = 90.0
        var lines = [
            "digraph timeline {",
            "  graph " + DOTSyntax.attributes(["layout": "neato", "inputscale": "72", "outputorder": "nodesfirst", "pad": "0.2", "bgcolor": "white"]) + ";",
            "  node " + DOTSyntax.attributes(["shape": "box", "style": "filled", "fixedsize": "true", "fontname": "Helvetica", "fontsize": "\(Self.fontSize)", "penwidth": "0.6", "color": "#555555"]) + ";",
        ]
        // The axis: a tick every round step, labelled with its time from the window's start.
        let step = Self.tickStep(for: duration)
        var tick: UInt64 = 0
        var ticks = 0
        while tick <= duration, ticks < 40 {
            let x = left + Double(tick) * scale
            lines.append("  tick\(ticks) " + DOTSyntax.attributes([
                "shape": "plaintext", "style": "", "label": Self.tickLabel(tick, step: step), "pos": point(x, axisY),
                "width": inches(60), "height": inches(rowHeight),
            ]) + ";")
            tick += step
            ticks += 1
        }
        for thread in threads {
            let name = RunProfile.threadName(thread)
            lines.append("  thread\(thread) " + DOTSyntax.attributes([
                "shape": "plaintext", "style": "", "label": LabelEscaping.graphviz.line(name), "pos": point(left / 2 - 6, y(rowOfThread[thread] ?? 0)),
                "width": inches(left - 12), "height": inches(rowHeight), "fontsize": "11",
            ]) + ";")
        }
        let overBudget = Set(profile.overBudget.map { $0.label + "@\($0.start)" })
        let fills = Dictionary(uniqueKeysWithValues: Self.colours.map { ($0.kind, $0.fill) })
        for span in shown {
            let start = max(span.start, window.start) - window.start
            let end = min(span.end, window.end) - window.start
            let boxWidth = max(Double(end >= start ? end - start : 0) * scale, 1.5)
            let x = left + Double(start) * scale + boxWidth / 2
            let rowIndex = (rowOfThread[span.thread] ?? 0) + depth[span.index]
            let times = ProfileDuration.text(span.duration) + " (own " + ProfileDuration.text(span.ownTime) + ")"
            var attributes = [
                "pos": point(x, y(rowIndex)), "width": inches(boxWidth), "height": inches(rowHeight - 4),
                "fillcolor": fills[span.kind] ?? "#eeeeee", "label": Self.fitted(span.label, width: boxWidth),
                "tooltip": LabelEscaping.graphviz.line(span.label + ": " + times + (span.location.map { ", " + $0.description } ?? "")),
            ]
            if overBudget.contains(span.label + "@\(span.start)") {
                attributes["color"] = "#cb181d"
                attributes["penwidth"] = "2"
            }
            lines.append("  s\(span.index) " + DOTSyntax.attributes(attributes) + ";")
        }
        // The legend, under the rows.
        let legendY = y(row + 1)
        for (number, entry) in Self.colours.enumerated() {
            let x = left + Double(number) * 165 + 77
            lines.append("  legend\(number) " + DOTSyntax.attributes([
                "pos": point(x, legendY), "width": inches(158), "height": inches(rowHeight - 4),
                "fillcolor": entry.fill, "label": entry.meaning,
            ]) + ";")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A label that fits `width` points: whole, cut short with `…`, or none.
    static func fitted(_ label: String, width: Double) -> String {
        let room = Int((width - 6) / pointsPerCharacter)
        guard room >= 4 else { return "" }
        let scalars = Array(label.unicodeScalars)
        let kept = scalars.count <= room ? label : String(String.UnicodeScalarView(scalars.prefix(room - 1))) + "…"
        return LabelEscaping.graphviz.line(kept)
    }

    /// A tick's time: whole milliseconds when the step is (`20 ms`), else as spans are written.
    static func tickLabel(_ tick: UInt64, step: UInt64) -> String {
        step % 1_000_000 == 0 ? (tick >= 1_000_000_000 && step % 1_000_000_000 == 0 ? "\(tick / 1_000_000_000) s" : "\(tick / 1_000_000) ms") : ProfileDuration.text(tick)
    }

    /// The smallest round step (1, 2 or 5 times a power of ten nanoseconds, from 1 µs) that
    /// gives at most ten ticks.
    static func tickStep(for duration: UInt64) -> UInt64 {
        var power: UInt64 = 1_000
        while true {
            for factor: UInt64 in [1, 2, 5] where duration / (power * factor) <= 10 { return power * factor }
            power *= 10
        }
    }

    private func point(_ x: Double, _ y: Double) -> String { "\(rounded(x)),\(rounded(y))!" }

    private func inches(_ points: Double) -> String { rounded(points / 72, places: 4) }

    private func rounded(_ value: Double, places: Int = 2) -> String {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        let scaled = (value * factor).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int(abs(scaled))
        let whole = magnitude / Int(factor)
        let fraction = String(magnitude % Int(factor))
        return sign + "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
