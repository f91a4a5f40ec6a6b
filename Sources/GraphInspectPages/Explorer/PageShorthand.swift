import GraphInspect
import GraphInspectDiagram

/// What the explorer page can make again from what it already holds, so its data leaves it out:
/// each rule here is the Swift twin of one in `explorer-data.js`, and a value is left out only
/// when the rule gives back exactly that value. The rules work on UTF-16 code units, as
/// JavaScript's strings do, so a name in any script comes back byte for byte.
///
/// On a lookup-heavy app (10,000 components, three providers and three lookups each) these
/// cut the page by half: resolved entries were each lookup's name and type again, and the failed
/// lookups' reports each walked component's provides line again.
enum PageShorthand {
    /// The label of a node keyed `key`: its type's last dotted part, ` #`, and the key after its
    /// letter (`App.CartComponent`, `c12` -> `CartComponent #12`).
    static func label(type: String, key: String) -> String {
        let units = Array(type.utf16)
        let start = units.lastIndex(of: dot).map { $0 + 1 } ?? 0
        return String(decoding: units[start...], as: UTF16.self) + " #" + String(decoding: Array(key.utf16).dropFirst(), as: UTF16.self)
    }

    /// Whether the page knows a node's kind from its key's letter: the runtime's kinds, each
    /// with a letter of its own (`DiagramBuilder.idPrefix`); a recorded kind shares `n`.
    static func kindFollowsFromKey(_ kind: NodeKind) -> Bool {
        DiagramBuilder.idPrefix(kind) != DiagramBuilder.idPrefix("recorded")
    }

    /// The index of the provides line that reads `name: type`, when the page can split it back
    /// at its first `: ` (the name holds none). The page numbers its provides lines in its
    /// nodes' order, so an entry points at one by its number.
    static func providesLine(name: String, type: String, in provides: [String]) -> Int? {
        guard Array(name.utf16).firstRange(of: separator) == nil else { return nil }
        let line = name + ": " + type
        return provides.firstIndex { same($0, line) }
    }

    /// A node's name in reports: its label without ` #id` (`CartComponent #12` -> `CartComponent`);
    /// nil when the label does not end so.
    static func name(label: String, key: String) -> String? {
        let suffix = Array(" #".utf16) + Array(key.utf16).dropFirst()
        let units = Array(label.utf16)
        guard units.count >= suffix.count, Array(units.suffix(suffix.count)) == suffix else { return nil }
        return String(decoding: units.dropLast(suffix.count), as: UTF16.self)
    }

    /// A walked component's line of a failed lookup's report, without its number: its name,
    /// ` (root)` when it ends the walk, and what it provides.
    static func walkedLine(name: String, provides: [String], root: Bool) -> String {
        name + (root ? " (root)" : "") + "  " + (provides.isEmpty ? "provides nothing" : "provides " + provides.joined(separator: ", "))
    }

    /// A failed lookup's `asked by` line from its requester's name and its walk's names, nearest
    /// first: the path from the root as `ReportWording.path` words it, a long one keeping its
    /// first and last three.
    static func askedByLine(requester: String, walk: [String]) -> String {
        var names = Array(walk.reversed())
        // explorer-data.js's constants, not ReportWording's: were they to part, the line would
        // simply no longer be left out.
        if names.count > 12 {
            names = Array(names.prefix(3)) + ["\u{2026}\(names.count - 6) more\u{2026}"] + Array(names.suffix(3))
        }
        return "  asked by " + requester + " at ^->" + names.joined(separator: "->")
    }

    /// A failed lookup's `fix: declare` line from what was asked (`headline`'s text between its
    /// first and last backtick), its requester's name and its root's.
    static func declareFixLine(headline: String, requester: String, root: String) -> String? {
        let units = Array(headline.utf16), tick = UInt16(UInt8(ascii: "`"))
        guard let open = units.firstIndex(of: tick), let close = units.lastIndex(of: tick), open < close else { return nil }
        let asked = String(decoding: units[(open + 1)..<close], as: UTF16.self)
        return "  fix: declare `let " + asked + "` in " + requester + ", or in " + root + " to share it with every component below"
    }

    /// The words before a related node's label (`ExplorerData.node`), numbered as the page
    /// numbers them.
    static let relations = ["module", "held by", "component", "router", "holds"]

    /// An outline row's extra detail lines when its title is the node's name and its details
    /// `#id`, then those lines: `""` for none; nil when the row cannot be made so.
    static func outlineExtra(label: String, key: String, title: String, details: String) -> String? {
        guard let name = name(label: label, key: key), same(name, title) else { return nil }
        let id = "#" + String(decoding: Array(key.utf16).dropFirst(), as: UTF16.self)
        if same(details, id) { return "" }
        let units = Array(details.utf16), head = Array((id + "\n").utf16)
        guard units.count > head.count, Array(units.prefix(head.count)) == head else { return nil }
        return String(decoding: units.dropFirst(head.count), as: UTF16.self)
    }

    /// Equal as JavaScript compares strings: code unit for code unit (Swift's `==` holds
    /// canonically equivalent strings equal, which the page would not).
    static func same(_ one: String, _ other: String) -> Bool {
        one.utf16.elementsEqual(other.utf16)
    }

    private static let dot = UInt16(UInt8(ascii: "."))
    private static let separator: [UInt16] = Array(": ".utf16)
}
