/// A provider built on first use, visible to dependency lookup.
///
/// The article declares lazily built providers as computed properties
/// (`var depA: DepA { DepA() }`), which `Mirror`, and so lookup, cannot see. Declare them as
/// `@Lazy var depA = DepA()` instead: the value is built once, by the first lookup or direct read,
/// from any thread, and lookups find it under the property's name.
///
/// The initial expression cannot use `self`; a provider that needs its component's other providers
/// is an ordinary stored property set in `init`.
@propertyWrapper
public final class Lazy<Value>: LazyProvider, @unchecked Sendable {
    private let make: () -> Value
    private let cell = OnceCell()

    public init(wrappedValue: @autoclosure @escaping () -> Value) {
        make = wrappedValue
    }

    public var wrappedValue: Value {
        cell.value(named: "@Lazy \(Value.self)", build: make)
    }

    var providedValue: Any { wrappedValue }
    var providedType: Any.Type { Value.self }
}

/// Type-erased access to `Lazy`, for the provider index.
protocol LazyProvider: AnyObject {
    var providedValue: Any { get }
    var providedType: Any.Type { get }
}
