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
    /// The recorded component that declares it, and under which name: set when that component is
    /// made under an observer, so the build is reported (timed, with its thread) however it is
    /// first read, by a lookup or directly.
    private let owner = Locked<LazyOwner?>(nil)

    public init(wrappedValue: @autoclosure @escaping () -> Value) {
        make = wrappedValue
    }

    public var wrappedValue: Value {
        var started: UInt64?
        var reportTo: LazyOwner?
        return cell.value(
            named: "@Lazy \(Value.self)",
            build: {
                reportTo = owner.withLock { $0 }
                if reportTo != nil { started = RecordingClock.stamp() }
                return make()
            },
            built: { _ in
                guard let reportTo else { return }
                reportTo.observer.record(.sharedCreated(SharedCreated(
                    component: reportTo.component, type: TypeName.of(Value.self), form: .lazy, name: reportTo.name,
                    time: started, duration: RecordingClock.elapsed(since: started), thread: started.map { _ in RecordingThread.current }
                )))
            }
        )
    }

    var providedValue: Any { wrappedValue }
    var providedType: Any.Type { Value.self }

    func adopt(_ owner: LazyOwner) {
        self.owner.withLock { $0 = owner }
    }
}

/// Type-erased access to `Lazy`, for the provider index.
protocol LazyProvider: AnyObject {
    var providedValue: Any { get }
    var providedType: Any.Type { get }
    /// Reports the build, when it comes, as `owner`'s.
    func adopt(_ owner: LazyOwner)
}

/// Where a `@Lazy` provider's build is reported: the component declaring it, by id, the name it
/// is declared under, and the observer that component reports to.
struct LazyOwner: Sendable {
    let component: ObjectID
    let name: String
    let observer: any GraphObserver
}
