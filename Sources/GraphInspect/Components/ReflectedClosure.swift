@_spi(Reflection) import Swift

/// Which stored properties of a component hold closures that `Mirror` cannot hand over safely.
///
/// A class keeps a closure property at the closure's own calling convention; `Mirror` copies it
/// into an `Any` as if it were kept at the generic one, so `value as? () -> T` yields a function that
/// returns garbage or crashes when called (swiftlang/swift#56720, still so in Swift 6.3). Only a
/// property declared as a function type, or as an Optional or tuple of one, is affected: a closure
/// in a struct, an array or an `Any` is boxed by the compiler and reads fine.
enum ReflectedClosure {
    /// Whether the property `label` of `object`, whose value `Mirror` gave as `value`, is declared as
    /// a closure. The declared type is read (`_forEachField`) only when the value's own type holds a
    /// function, so other properties cost one look at their type.
    static func isUnsafe(_ value: Any, label: String, of object: AnyObject) -> Bool {
        guard holdsFunction(type(of: value)) else { return false }
        var declared: Any.Type?
        // 1: `_EachFieldOptions.classType`, spelled by value (the option is a `static var`);
        // superclasses' fields are listed too.
        _ = _forEachField(of: type(of: object), options: _EachFieldOptions(rawValue: 1)) { name, _, type, _ in
            if String(cString: name) == label { declared = type }
            return declared == nil
        }
        return declared.map(holdsFunction) ?? false
    }

    /// A function type, or an Optional or tuple holding one.
    static func holdsFunction(_ type: Any.Type) -> Bool {
        switch _MetadataKind(rawValue: metadataKind(type)) {
        case .function:
            return true
        case .optional:
            return (type as? any ReflectedOptional.Type).map { holdsFunction($0.wrappedType) } ?? false
        case .tuple:
            var found = false
            _ = _forEachField(of: type) { _, _, element, _ in
                found = holdsFunction(element)
                return !found
            }
            return found
        default:
            return false
        }
    }
}

/// The Swift runtime's own answer to what kind of type a metadata is (an exported runtime entry
/// point, as `_forEachField`'s kinds are).
@_silgen_name("swift_getMetadataKind")
private func metadataKind(_ type: Any.Type) -> UInt

/// Lets reflection see through an Optional to the type it wraps.
protocol ReflectedOptional {
    static var wrappedType: Any.Type { get }
}

extension Optional: ReflectedOptional {
    static var wrappedType: Any.Type { Wrapped.self }
}
