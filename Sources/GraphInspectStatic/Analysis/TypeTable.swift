/// The types a `TypeIndex` answers from, by name. Read whole, it is the reader's table; read in
/// part (`PartialReading`: only the files an edit's judgment needs), every name asked for is told
/// to its `NameTracker`, so a judgment that asked for a type the part does not hold whole is
/// known and not trusted.
struct TypeTable: Sequence {
    private let table: [String: TypeDecl]
    let tracker: NameTracker?

    init(_ table: [String: TypeDecl], tracker: NameTracker? = nil) {
        self.table = table
        self.tracker = tracker
    }

    /// The type whole.
    subscript(name: String) -> TypeDecl? {
        tracker?.asked(name)
        return table[name]
    }

    /// Whether the sources declare or extend `name`: over a part, so when a file of it does, and
    /// asked for when none does but one left out may.
    func exists(_ name: String) -> Bool {
        if table[name] != nil { return true }
        tracker?.asked(NameTracker.existenceKey(name))
        return false
    }

    /// The type, for a question about the part of it `TypeIndex` names to the tracker itself
    /// (its header, or one member).
    func unasked(_ name: String) -> TypeDecl? {
        table[name]
    }

    /// Every type: a question about all of them, which a part cannot answer.
    var everything: [String: TypeDecl] {
        tracker?.askedForEverything = true
        return table
    }

    var keys: Dictionary<String, TypeDecl>.Keys { everything.keys }
    var values: Dictionary<String, TypeDecl>.Values { everything.values }
    var count: Int { everything.count }

    func makeIterator() -> Dictionary<String, TypeDecl>.Iterator { everything.makeIterator() }
}

/// What a judgment made over part of the sources asked for that the part does not hold whole: the
/// names of types (and of free functions, `asked(function:)`) some file left out contributes to.
/// Nothing asked for, the judgment is the one the whole sources give.
final class NameTracker {
    /// Whether some file outside the part adds to what a key names.
    private let isPartial: (String) -> Bool
    /// Those the judgment asked for.
    private(set) var missed: Set<String> = []
    /// Whether it asked about every type (a question no part answers).
    var askedForEverything = false

    init(isPartial: @escaping (String) -> Bool) {
        self.isPartial = isPartial
    }

    func asked(_ name: String) {
        if isPartial(name) { missed.insert(name) }
    }

    func asked(function name: String) {
        asked(Self.functionKey(name))
    }

    /// What decides a type's kind, module, place, attributes and what it inherits.
    func askedHeader(of name: String) {
        asked(Self.headerKey(name))
    }

    /// The members named `member` of type `name` (its initialisers for `init`), and whether it exists.
    func asked(member: String, of name: String, present: Bool) {
        asked(Self.memberKey(member, of: name))
        if !present { asked(Self.existenceKey(name)) }
    }

    /// The keys `ReadingIndex` files each part of a name under, besides the name itself (every
    /// file adding anything to it).
    static func functionKey(_ name: String) -> String { "()" + name }
    static func headerKey(_ name: String) -> String { name + "\u{1}h" }
    static func existenceKey(_ name: String) -> String { name + "\u{1}e" }
    static func memberKey(_ member: String, of name: String) -> String { name + "\u{1}m" + member }

    /// The name a part's key (header, existence, member) is of; nil for a whole name's.
    static func name(ofPart key: String) -> String? {
        key.firstIndex(of: "\u{1}").map { String(key[..<$0]) }
    }
}
