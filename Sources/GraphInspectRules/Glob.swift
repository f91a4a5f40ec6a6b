/// Wildcard matching over characters: `*` any run (not crossing `separator` when there is one),
/// `**` any run at all, `**/` also no folder at all, `?` one character.
struct Glob: Sendable, Equatable {
    private enum Piece: Sendable, Equatable {
        case character(Character)
        case one
        case run(crossesSeparator: Bool)
    }

    /// The pattern's readings: one, or, for each `**/`, with it and without it (at most 16).
    private let alternatives: [[Piece]]
    private let separator: Character?

    init(_ pattern: String, separator: Character?) {
        self.separator = separator
        var alternatives: [[Piece]] = [[]]
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*":
                var crosses = separator == nil
                while characters.first == "*" {
                    characters.removeFirst()
                    crosses = true
                }
                if crosses, let separator, characters.first == separator, alternatives.count < 16 {
                    characters.removeFirst()
                    // `a/**/b` is `a/` then either any folders and `/`, or nothing, then `b`.
                    alternatives = alternatives.map { $0 + [.run(crossesSeparator: true), .character(separator)] } + alternatives
                } else {
                    alternatives = alternatives.map { $0 + [.run(crossesSeparator: crosses)] }
                }
            case "?": alternatives = alternatives.map { $0 + [.one] }
            default: alternatives = alternatives.map { $0 + [.character(character)] }
            }
        }
        self.alternatives = alternatives
    }

    func matches(_ text: String) -> Bool {
        let characters = Array(text)
        return alternatives.contains { matches(characters, $0) }
    }

    /// The pattern as an automaton run over the text: the set of pieces reached so far, each
    /// character moving it on. Linear in the text times the pattern, whatever the stars.
    private func matches(_ characters: [Character], _ pieces: [Piece]) -> Bool {
        var reached = closure([0], pieces)
        for character in characters {
            var next: Set<Int> = []
            for p in reached where p < pieces.count {
                switch pieces[p] {
                case .character(let c) where c == character: next.insert(p + 1)
                case .one where character != separator: next.insert(p + 1)
                case .run(let crosses) where crosses || character != separator: next.insert(p)
                default: break
                }
            }
            if next.isEmpty { return false }
            reached = closure(next, pieces)
        }
        return reached.contains(pieces.count)
    }

    /// The pieces reached without reading a character: past each run, which may match nothing.
    private func closure(_ start: Set<Int>, _ pieces: [Piece]) -> Set<Int> {
        var reached = start
        var pending = Array(start)
        while let p = pending.popLast() {
            if p < pieces.count, case .run = pieces[p], reached.insert(p + 1).inserted { pending.append(p + 1) }
        }
        return reached
    }
}
