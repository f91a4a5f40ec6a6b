/// What a holder passes its builders besides the parent component: app state for one level of
/// the holder tree, chained to the level above.
public protocol ModuleHolderContext: Sendable {
    /// The context of the holder above, or nil at the root.
    var parent: (any ModuleHolderContext)? { get }
}

extension ModuleHolderContext {
    /// This context's type, then its parents' types, innermost first (as reported in events).
    var chainTypeNames: [String] {
        var names: [String] = []
        var current: (any ModuleHolderContext)? = self
        // A context chain is built from values, so it cannot loop; the bound is only a guard
        // against a `parent` computed property that does.
        while let context = current, names.count < 10_000 {
            names.append(TypeName.of(type(of: context)))
            current = context.parent
        }
        return names
    }
}

/// A context with nothing in it but its parent, for holders that need no more.
public struct EmptyContext: ModuleHolderContext {
    public let parent: (any ModuleHolderContext)?

    public init(parent: (any ModuleHolderContext)? = nil) {
        self.parent = parent
    }
}
