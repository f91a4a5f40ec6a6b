import GraphInspect

/// A pattern for type names in a rules file: `*` matches any run of characters, `?` one.
/// Without a dot it is matched against the type's own name (`Game*` matches `GameComponent`);
/// with one, against the module-qualified name (`GameKit.*` matches every type of the GameKit
/// module), which is how a rule names a module.
public struct TypePattern: Sendable, Equatable, CustomStringConvertible {
    public let text: String
    private let glob: Glob

    /// Nil when the text is not a pattern: empty, or with characters no Swift type name has.
    public init?(_ text: String) {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0 == "*" || $0 == "?" || $0 == "." || $0 == "_" || $0.properties.isXIDContinue }),
            !text.hasPrefix("."), !text.hasSuffix("."), !text.contains("..")
        else { return nil }
        self.text = text
        glob = Glob(text, separator: nil)
    }

    /// Whether the pattern names `type`, given module-qualified (`App.GameComponent`).
    public func matches(qualifiedType type: String) -> Bool {
        text.contains(".") ? glob.matches(type) : glob.matches(ShortTypeName.of(type))
    }

    public var description: String { text }

    /// What a type pattern may contain, for errors.
    public static let expected = "a type name or pattern: letters, digits, _, `*` (any run of characters) and `?` (one); a dot to match a module (`GameKit.*`)"
}

/// A pattern for file paths in a rules file, matched against the path a finding is reported at:
/// `*` matches within one folder, `**` across folders, `?` one character.
public struct PathPattern: Sendable, Equatable, CustomStringConvertible {
    public let text: String
    private let glob: Glob

    /// Nil when empty.
    public init?(_ text: String) {
        guard !text.isEmpty, !text.contains("\n") else { return nil }
        self.text = text
        glob = Glob(text.hasPrefix("./") ? String(text.dropFirst(2)) : text, separator: "/")
    }

    public func matches(path: String) -> Bool {
        glob.matches(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }

    public var description: String { text }

    public static let expected = "a path or pattern: `*` within a folder, `**` across folders (`Sources/Game/**`)"
}
