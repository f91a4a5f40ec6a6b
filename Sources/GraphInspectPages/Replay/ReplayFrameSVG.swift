import GraphInspectText

/// A replay's one picture (every step laid out once by Graphviz, `ReplayPlayer`) cut into one
/// SVG per step: what the steps so far added is shown, the rest hidden, the step itself in red,
/// and the view box drawn around the step and what it touches, so each frame reads at 1,200 px.
/// Nothing moves between frames: they are one layout seen through different windows.
public struct ReplayFrameSVG: Sendable {
    /// Graphviz's node, edge and cluster groups, in the picture's own units.
    struct Group: Sendable {
        var range: Range<String.Index>
        /// Where `class="..."` is, to mark the group future or current.
        var classRange: Range<String.Index>
        var kind: String
        var title: String
        var step: Int?
        var box: Box?
    }

    struct Box: Sendable, Equatable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        var width: Double { maxX - minX }
        var height: Double { maxY - minY }
        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }
    }

    /// The widest view box a frame gets, in points: 11 pt labels (10 pt on edges) stay at least
    /// 9 px when the frame is fitted to a 1,200 px page.
    public static let widestView = 1300.0

    private let svg: String
    private let groups: [Group]
    private let steps: Int
    /// Node id to the step of each of its label's lines (`ReplayPlayer.lineSteps`).
    private let lineSteps: [String: [Int]]

    /// `svg` is `player`'s diagram drawn with `player.edgeID` as the edges' ids.
    public init(svg: String, player: ReplayPlayer) {
        self.svg = svg
        steps = player.words.count
        lineSteps = player.lineSteps
        let transform = Self.transform(in: svg)
        var groups: [Group] = []
        var search = svg.startIndex
        while let open = svg.range(of: "<g id=\"", range: search..<svg.endIndex) {
            guard let close = svg.range(of: "</g>", range: open.upperBound..<svg.endIndex),
                  let classStart = svg.range(of: "class=\"", range: open.upperBound..<close.lowerBound),
                  let classEnd = svg.range(of: "\"", range: classStart.upperBound..<close.lowerBound) else { break }
            let kind = String(svg[classStart.upperBound..<classEnd.lowerBound])
            let idEnd = svg.range(of: "\"", range: open.upperBound..<close.lowerBound)?.lowerBound ?? open.upperBound
            let id = String(svg[open.upperBound..<idEnd])
            let body = svg[classEnd.upperBound..<close.lowerBound]
            let title = Self.title(in: body)
            let step: Int? = switch kind {
            case "node": player.nodeStep[title]
            case "edge": id.hasPrefix("s") ? Int(id.dropFirst().prefix { $0.isNumber }) : nil
            case "cluster": player.clusterStep[title.hasPrefix("cluster_") ? String(title.dropFirst(8)) : title]
            default: nil
            }
            if kind == "graph" {
                search = classEnd.upperBound
                continue
            }
            groups.append(Group(
                range: open.lowerBound..<close.upperBound, classRange: classStart.lowerBound..<classEnd.upperBound,
                kind: kind, title: title, step: step, box: Self.box(of: body, transform: transform)
            ))
            search = close.upperBound
        }
        self.groups = groups
    }

    /// Frame `step` (1-based): the picture after that step, framed on it.
    public func frame(_ step: Int) -> String {
        var focus: [Box] = [], own: [Box] = [], ownNodes: [Box] = []
        let nodes = Dictionary(groups.filter { $0.kind == "node" }.map { ($0.title, $0) }) { first, _ in first }
        for group in groups where group.step == step && group.kind != "cluster" {
            guard let box = group.box else { continue }
            own.append(box)
            focus.append(box)
            if group.kind == "node" { ownNodes.append(box) }
            if group.kind == "edge" {
                let ends = group.title.split(separator: "->", omittingEmptySubsequences: false).map { String($0).filter { $0 != " " } }
                focus += ends.compactMap { nodes[$0]?.box }
                if ownNodes.isEmpty, let tail = ends.first.flatMap({ nodes[$0]?.box }) { ownNodes.append(tail) }
            }
        }
        func union(_ boxes: [Box]) -> Box? {
            guard var result = boxes.first else { return nil }
            for box in boxes.dropFirst() { result = result.union(box) }
            return result
        }
        let view = Self.view(preferring: [focus, own, ownNodes].compactMap(union))
        return render(step: step, view: view)
    }

    /// The whole picture, every step shown, none highlighted.
    public var whole: String { render(step: nil, view: nil) }

    private func render(step: Int?, view: Box?) -> String {
        var out = ""
        var cursor = svg.startIndex
        for group in groups {
            guard let added = group.step else { continue }
            var mark: String?
            if let step, added > step { mark = "future" } else if let step, added == step, group.kind != "cluster" { mark = "current" }
            if let mark {
                out += svg[cursor..<group.classRange.upperBound].dropLast() + " \(mark)\""
                cursor = group.classRange.upperBound
            }
            // A node shown before a line of its label is: that line waits for its own step.
            guard let step, mark != "future", group.kind == "node", let lines = lineSteps[group.title] else { continue }
            var search = group.classRange.upperBound, line = 0
            while line < lines.count, let text = svg.range(of: "<text", range: search..<group.range.upperBound) {
                let lineMark = lines[line] > step ? "future" : lines[line] == step && lines[line] > added ? "current" : nil
                if let lineMark {
                    out += svg[cursor..<text.upperBound] + " class=\"\(lineMark)\""
                    cursor = text.upperBound
                }
                search = text.upperBound
                line += 1
            }
        }
        out += svg[cursor...]
        let style = "<style>.future{visibility:hidden} .current>path,.current>polygon,.current>ellipse{stroke:#d93025;stroke-width:2.5px} .current>text,text.current{fill:#d93025}</style>"
        guard let open = out.range(of: "<svg"), let end = out.range(of: ">", range: open.upperBound..<out.endIndex) else { return out }
        var tag = String(out[open.lowerBound..<end.upperBound])
        if let view {
            tag = Self.replacing("viewBox", in: tag, with: "\(Self.number(view.minX)) \(Self.number(view.minY)) \(Self.number(view.width)) \(Self.number(view.height))")
            tag = Self.replacing("width", in: tag, with: Self.number(view.width) + "pt")
            tag = Self.replacing("height", in: tag, with: Self.number(view.height) + "pt")
        }
        return String(out[..<open.lowerBound]) + tag + "\n" + style + out[end.upperBound...]
    }

    /// The first box that fits `widestView` with a margin, or the last centred at that width.
    static func view(preferring boxes: [Box]) -> Box? {
        guard var chosen = boxes.last else { return nil }
        var width = 0.0, height = 0.0
        for box in boxes {
            let margin = max(box.width, box.height) * 0.1 + 24
            width = box.width + 2 * margin
            height = box.height + 2 * margin
            chosen = box
            if width <= widestView { break }
        }
        width = min(width, widestView)
        let centerX = (chosen.minX + chosen.maxX) / 2, centerY = (chosen.minY + chosen.maxY) / 2
        return Box(minX: centerX - width / 2, minY: centerY - height / 2, maxX: centerX + width / 2, maxY: centerY + height / 2)
    }

    /// `scale(sx sy) rotate(0) translate(tx ty)` of Graphviz's outer group, as (scale, tx, ty).
    static func transform(in svg: String) -> (scale: Double, x: Double, y: Double) {
        guard let start = svg.range(of: "class=\"graph\" transform=\""),
              let end = svg.range(of: "\"", range: start.upperBound..<svg.endIndex) else { return (1, 0, 0) }
        let numbers = Self.numbers(in: svg[start.upperBound..<end.lowerBound])
        // scale(sx sy) rotate(r) translate(tx ty)
        guard numbers.count >= 5 else { return (1, 0, 0) }
        return (numbers[0], numbers[numbers.count - 2], numbers[numbers.count - 1])
    }

    /// The box of everything a group draws (polygon and path points, ellipses, text anchors), in
    /// the SVG's units.
    static func box(of body: Substring, transform: (scale: Double, x: Double, y: Double)) -> Box? {
        var xs: [Double] = [], ys: [Double] = []
        for attribute in ["points=\"", " d=\""] {
            var search = body.startIndex
            while let start = body.range(of: attribute, range: search..<body.endIndex),
                  let end = body.range(of: "\"", range: start.upperBound..<body.endIndex) {
                let values = numbers(in: body[start.upperBound..<end.lowerBound])
                for index in stride(from: 0, to: values.count - 1, by: 2) {
                    xs.append(values[index])
                    ys.append(values[index + 1])
                }
                search = end.upperBound
            }
        }
        var search = body.startIndex
        while let start = body.range(of: "<ellipse", range: search..<body.endIndex),
              let end = body.range(of: "/>", range: start.upperBound..<body.endIndex) {
            let tag = body[start.upperBound..<end.lowerBound]
            if let cx = attribute("cx", in: tag), let cy = attribute("cy", in: tag), let rx = attribute("rx", in: tag), let ry = attribute("ry", in: tag) {
                xs += [cx - rx, cx + rx]
                ys += [cy - ry, cy + ry]
            }
            search = end.upperBound
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let s = transform.scale
        return Box(minX: s * (minX + transform.x), minY: s * (minY + transform.y), maxX: s * (maxX + transform.x), maxY: s * (maxY + transform.y))
    }

    private static func attribute(_ name: String, in tag: Substring) -> Double? {
        guard let start = tag.range(of: " \(name)=\""), let end = tag.range(of: "\"", range: start.upperBound..<tag.endIndex) else { return nil }
        return Double(tag[start.upperBound..<end.lowerBound])
    }

    /// Every decimal number in `text`, in order (`M87,-79C87,-79` gives 87, -79, 87, -79).
    static func numbers(in text: Substring) -> [Double] {
        var values: [Double] = []
        var current = ""
        func flush() {
            if let value = Double(current) { values.append(value) }
            current = ""
        }
        for character in text {
            if character.isNumber || character == "." || (character == "-" && current.isEmpty) {
                current.append(character)
            } else {
                flush()
                if character == "-" { current = "-" }
            }
        }
        flush()
        return values
    }

    private static func title(in body: Substring) -> String {
        guard let start = body.range(of: "<title>"), let end = body.range(of: "</title>", range: start.upperBound..<body.endIndex) else { return "" }
        // Graphviz escapes `-` and `>` in titles (`c5&#45;&gt;c1`); node ids are plain otherwise.
        return String(body[start.upperBound..<end.lowerBound])
            .replacing("&#45;", with: "-").replacing("&gt;", with: ">").replacing("&lt;", with: "<")
            .replacing("&quot;", with: "\"").replacing("&amp;", with: "&")
    }

    private static func replacing(_ name: String, in tag: String, with value: String) -> String {
        guard let start = tag.range(of: " \(name)=\""), let end = tag.range(of: "\"", range: start.upperBound..<tag.endIndex) else { return tag }
        return String(tag[..<start.upperBound]) + value + tag[end.lowerBound...]
    }

    /// Two decimals, the same on every platform.
    private static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : "", magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return sign + String(magnitude / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
