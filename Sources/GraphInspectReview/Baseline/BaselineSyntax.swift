import GraphInspect

/// How a baseline spells what it names, written and read in this one place.
///
/// A node is `kind ^->Type "key"->Type` (its kind, then its type and key and every ancestor's,
/// from the root), with ` (2)`, ` (3)`... after the second and later nodes of one path. Types are
/// module-qualified, so what is read back is what was recorded. A type is written bare unless it
/// could be taken for the syntax around it (a space, a quote, a backslash, `->`, an invisible
/// character), then quoted as keys always are; names and kinds are bare identifiers or quoted.
enum BaselineSyntax {
    static let version = 1
    static let headerPrefix = "# graphinspect baseline "
    static let header = headerPrefix + "\(version): the graph's shape, one block per live node, sorted. "
        + "Write it again with: graphinspect dump --format baseline -o FILE"

    /// How the baseline spells paths (`Keyed` numbers the nodes that share one).
    static let spelling = Keyed.Spelling(element: element, kind: { Quoted.name($0.rawValue) })

    /// A node without its ancestors: its type, and its key when it has one.
    static func element(_ node: GraphNode) -> String {
        element(type: node.type, key: node.key)
    }

    static func element(type name: String, key: String?) -> String {
        type(name) + (key.map { " " + Quoted.string($0) } ?? "")
    }

    static func type(_ name: String) -> String {
        isBare(name) ? name : Quoted.string(name)
    }

    private static func isBare(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "^", !name.contains("->") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            !(scalar == "\"" || scalar == "\\" || scalar.properties.isWhitespace
                || [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory))
        }
    }

    /// Words that begin a line inside a node's block.
    enum Fact: String, CaseIterable {
        case builtWith = "built with"
        case provides
        case resolves
        case finds
        /// `retained after detach: leak` (or `alive at end`): a module alive after its holder let
        /// it go, judged when the baseline was written (`GraphNode.retained`).
        case retained = "retained after detach"
    }

    /// How a `retained after detach:` line spells each verdict.
    static let verdicts: [(word: String, verdict: GraphNode.RetainedVerdict)] = [("leak", .leak), ("alive at end", .aliveAtEnd)]

    /// A lookup's answer when its requester answered it itself.
    static let selfAnswer = "self"
    /// A lookup's answer when what answered it has since been released.
    static let releasedAnswer = "released"
}

/// Reads a baseline line's tokens left to right; every method either consumes what it expects
/// or returns nil, leaving the position where the mismatch is.
struct BaselineScanner {
    private let scalars: [Unicode.Scalar]
    private(set) var position = 0

    init(_ line: Substring) { scalars = Array(line.unicodeScalars) }

    var atEnd: Bool { position == scalars.count }

    /// What is left of the line, for error messages.
    var rest: String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[position...])
        return text
    }

    mutating func take(_ literal: String) -> Bool {
        let wanted = Array(literal.unicodeScalars)
        guard scalars.count - position >= wanted.count, Array(scalars[position..<position + wanted.count]) == wanted else { return false }
        position += wanted.count
        return true
    }

    /// A double-quoted string with `Quoted.string`'s escapes.
    mutating func quoted() -> String? {
        var index = position
        guard index < scalars.count, scalars[index] == "\"" else { return nil }
        index += 1
        var text = ""
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"":
                position = index
                return text
            case "\\":
                guard index < scalars.count else { return nil }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "\"", "\\": text.unicodeScalars.append(escape)
                case "n": text += "\n"
                case "r": text += "\r"
                case "t": text += "\t"
                case "u":
                    guard index < scalars.count, scalars[index] == "{",
                          let close = scalars[index...].firstIndex(of: "}"), close - index <= 9 else { return nil }
                    var hex = ""
                    hex.unicodeScalars.append(contentsOf: scalars[(index + 1)..<close])
                    guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                    text.unicodeScalars.append(decoded)
                    index = close + 1
                default: return nil
                }
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return nil
    }

    /// A name or kind: bare letters, digits and underscores, or quoted.
    mutating func name() -> String? {
        if let text = quoted() { return text }
        let start = position
        while position < scalars.count, Self.isNameScalar(scalars[position]) { position += 1 }
        return position > start ? string(start..<position) : nil
    }

    /// A type: quoted, or bare up to a space, `->` or the end.
    mutating func type() -> String? {
        if let text = quoted() { return text }
        let start = position
        while position < scalars.count, scalars[position] != " ",
              !(scalars[position] == "-" && position + 1 < scalars.count && scalars[position + 1] == ">") {
            position += 1
        }
        return position > start ? string(start..<position) : nil
    }

    /// A run of decimal digits.
    mutating func number() -> Int? {
        let start = position
        while position < scalars.count, ("0"..."9").contains(scalars[position]), position - start < 9 { position += 1 }
        return position > start ? Int(string(start..<position)) : nil
    }

    private func string(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
    }
}
