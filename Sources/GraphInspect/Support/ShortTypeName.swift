/// Shortens module-qualified type names for display: `App.Foo<Swift.Int>` becomes `Foo<Int>`,
/// `App.Outer.Inner` becomes `Outer.Inner`, `Swift.Optional<App.Foo>` becomes `Foo?`.
public enum ShortTypeName {
    /// Drops the module prefix (the first segment of each dotted path) from `name`, including
    /// inside generic arguments, and writes `Swift.Optional<T>` as Swift code does, `T?`. Control
    /// characters (only a crafted trace has them) are shown escaped, as `Quoted.visible` does.
    public static func of(_ name: String) -> String {
        Quoted.visible(shortened(optionalSugared(name)))
    }

    /// The module that declares a nominal type named `Module.Type` (`Feature10` of
    /// `Feature10.F10Service`), or nil for a name with no module prefix or of another form
    /// (a tuple, a function, a composition, a generic application).
    package static func module(of name: String) -> String? {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex,
              name[..<dot].allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }),
              !name.contains(where: { "<>()[]&, ".contains($0) })
        else { return nil }
        return String(name[..<dot])
    }

    /// The type `Swift.Optional<T>` wraps (`T`, module-qualified), or nil for any other name.
    /// A lookup whose result flows into an Optional (`try? c.resolve("x")`) asks for one; a plain
    /// `T` satisfies it, so reports name `T` in their fix.
    public static func optionalWrapped(_ name: String) -> String? {
        let prefix = "Swift.Optional<"
        guard name.hasPrefix(prefix), name.hasSuffix(">"),
              closingBracket(of: name, openingAt: name.index(name.startIndex, offsetBy: prefix.count - 1)) == name.index(before: name.endIndex)
        else { return nil }
        return String(name.dropFirst(prefix.count).dropLast())
    }

    /// `Swift.Optional<X>` rewritten as `X?` everywhere in `name`, innermost first; a wrapped
    /// function type or composition gets parentheses, `(A & B)?`.
    private static func optionalSugared(_ name: String) -> String {
        // Most names have no generic arguments: decided from their bytes, with no search.
        guard name.utf8.contains(UInt8(ascii: "<")), let found = name.firstRange(of: "Swift.Optional<") else { return name }
        let open = name.index(before: found.upperBound)
        guard let close = closingBracket(of: name, openingAt: open) else { return name }
        var wrapped = optionalSugared(String(name[found.upperBound..<close]))
        if wrapped.contains(" ") { wrapped = "(\(wrapped))" }
        return name[..<found.lowerBound] + wrapped + "?" + optionalSugared(String(name[name.index(after: close)...]))
    }

    /// The index of the `>` matching the `<` at `open`; `->` arrows inside are not brackets.
    private static func closingBracket(of name: String, openingAt open: String.Index) -> String.Index? {
        var depth = 0
        var previous: Character = " "
        var index = open
        while index < name.endIndex {
            let character = name[index]
            if character == "<" { depth += 1 }
            if character == ">", previous != "-" {
                depth -= 1
                if depth == 0 { return index }
            }
            previous = character
            index = name.index(after: index)
        }
        return nil
    }

    private static func shortened(_ name: String) -> String {
        var result = ""
        var path: [Substring] = []
        var start = name.startIndex
        func flush(upTo end: String.Index) {
            path.append(name[start..<end])
            result += path.dropFirst(path.count > 1 ? 1 : 0).joined(separator: ".")
            path.removeAll(keepingCapacity: true)
        }
        var index = name.startIndex
        while index < name.endIndex {
            let character = name[index]
            if character == "." {
                path.append(name[start..<index])
                start = name.index(after: index)
            } else if !(character.isLetter || character.isNumber || character == "_") {
                flush(upTo: index)
                result.append(character)
                start = name.index(after: index)
            }
            index = name.index(after: index)
        }
        flush(upTo: name.endIndex)
        return result
    }
}
