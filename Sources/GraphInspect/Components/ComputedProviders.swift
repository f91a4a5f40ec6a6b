/// A component class's computed providers (`var depA: DepA { DepA() }`), listed at compile time by
/// the `@Providers` macro (GraphInspectMacros) so lookups can see them: `Mirror`, which indexes
/// stored properties, cannot.
///
/// The macro stores one of these in the class; the provider index finds it among the stored
/// properties and reads each provider through its getter, on every uncached lookup, as the article's
/// computed property would be read.
public final class ComputedProviders<Owner: AnyObject>: ComputedProviderListing, @unchecked Sendable {
    /// One computed property: its name, declared type, and getter.
    public struct Entry {
        let name: String
        let type: Any.Type
        let read: (Owner) -> Any

        public init(_ name: String, _ type: Any.Type, read: @escaping (Owner) -> Any) {
            self.name = name
            self.type = type
            self.read = read
        }
    }

    let entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    var listed: [(name: String, type: Any.Type)] { entries.map { ($0.name, $0.type) } }

    func value(at index: Int, of component: AnyObject) -> Any? {
        guard let owner = component as? Owner else { return nil }
        return entries[index].read(owner)
    }
}

/// `ComputedProviders` without its owner type, for the provider index.
protocol ComputedProviderListing: AnyObject {
    var listed: [(name: String, type: Any.Type)] { get }
    func value(at index: Int, of component: AnyObject) -> Any?
}
