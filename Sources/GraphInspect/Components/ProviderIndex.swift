/// The providers one component declares, read with `Mirror` once instead of on every lookup.
///
/// Covers stored properties of every class between the component's own type and `Component`
/// (not `Component`'s own storage). `@Lazy` properties appear under their declared name;
/// `lazy var`s and closures (`ReflectedClosure`) are recorded only so a miss can explain why they
/// were not found. Computed properties, and closures, are found when the class lists them with
/// `@Providers` (a `ComputedProviders` among its stored properties).
struct ProviderIndex: @unchecked Sendable {
    enum Entry {
        case stored(Any)
        case lazy(any LazyProvider)
        /// Read through its getter (`@Providers`), on the component it belongs to.
        case computed(any ComputedProviderListing, index: Int)
    }

    /// Lookup-visible providers by name.
    private(set) var entries: [String: Entry] = [:]
    /// Every provider, in declaration order (superclass first), as reported in events and errors.
    private(set) var declared: [Provider] = []

    private static let lazyVarPrefix = "$__lazy_storage_$_"

    /// No providers: what a component holds until its `init` indexes it.
    static let empty = ProviderIndex()

    private init() {}

    init(of component: Component) {
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: component)
        while let current = mirror, current.subjectType != Component.self {
            mirrors.append(current)
            mirror = current.superclassMirror
        }
        for mirror in mirrors.reversed() {
            for child in mirror.children {
                guard let label = child.label else { continue }
                add(label: label, value: child.value, of: component)
            }
        }
    }

    private mutating func add(label: String, value: Any, of component: Component) {
        if let table = value as? any ComputedProviderListing {
            for (index, provider) in table.listed.enumerated() {
                // A closure the table lists is read through its getter: one provider, not two.
                declared.removeAll { $0.name == provider.name && $0.form == .storedClosure }
                entries[provider.name] = .computed(table, index: index)
                declared.append(Provider(name: provider.name, type: TypeName.of(provider.type), form: .computed))
            }
        } else if let lazy = value as? any LazyProvider {
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            entries[name] = .lazy(lazy)
            declared.append(Provider(name: name, type: TypeName.of(lazy.providedType), form: .lazy))
        } else if label.hasPrefix(Self.lazyVarPrefix) {
            let name = String(label.dropFirst(Self.lazyVarPrefix.count))
            let storage = type(of: value)
            let wrapped = (storage as? any ReflectedOptional.Type)?.wrappedType ?? storage
            declared.append(Provider(name: name, type: TypeName.of(wrapped), form: .lazyVar))
        } else if ReflectedClosure.isUnsafe(value, label: label, of: component) {
            // Reported, never answered: the value `Mirror` gave cannot be called safely.
            if !declared.contains(where: { $0.name == label && $0.form == .computed }) {
                declared.append(Provider(name: label, type: TypeName.of(type(of: value)), form: .storedClosure))
            }
        } else {
            entries[label] = .stored(value)
            declared.append(Provider(name: label, type: TypeName.of(type(of: value)), form: .stored))
        }
    }

    /// Tells each `@Lazy` provider which recorded component declares it, so its build is reported.
    func adoptLazyProviders(component: ObjectID, observer: any GraphObserver) {
        for (name, entry) in entries {
            if case .lazy(let lazy) = entry { lazy.adopt(LazyOwner(component: component, name: name, observer: observer)) }
        }
    }

    /// The value `component` provides under `name` if it is a `T`; builds a `@Lazy` provider on
    /// first use, reads a computed one through its getter.
    func value<T>(named name: String, as _: T.Type, of component: AnyObject) -> T? {
        switch entries[name] {
        case .stored(let value)?: value as? T
        case .lazy(let lazy)?: lazy.providedValue as? T
        case .computed(let table, let index)?: table.value(at: index, of: component) as? T
        case nil: nil
        }
    }
}
