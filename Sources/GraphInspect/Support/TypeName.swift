/// Names of types as the runtime reports them, computed once per type.
///
/// `String(reflecting:)` costs about a microsecond; lookups report a type name on every event,
/// so names are cached by type identity.
enum TypeName {
    static let cache = Locked<[ObjectIdentifier: String]>([:])

    /// The module-qualified name, e.g. `GraphInspectSample.Analytics`, without generic noise
    /// such as `Swift.` prefixes inside generic arguments.
    static func of(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = cache.withLock({ $0[key] }) { return name }
        let name = String(reflecting: type)
        cache.withLock { $0[key] = name }
        return name
    }
}
