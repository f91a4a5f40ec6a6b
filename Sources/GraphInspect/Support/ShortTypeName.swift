/// Shortens module-qualified type names for display: `App.Foo<Swift.Int>` becomes `Foo<Int>`,
/// `App.Outer.Inner` becomes `Outer.Inner`.
public enum ShortTypeName {
    /// Drops the module prefix (the first segment of each dotted path) from `name`, including
    /// inside generic arguments.
    public static func of(_ name: String) -> String {
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
