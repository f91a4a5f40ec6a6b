/// Every live component and holder in the process, so a failed lookup can say where in the tree
/// the missing name *does* exist (siblings and cousins are never on a walk).
///
/// Touched only when an object is created or released, never by lookups.
final class LiveRegistry<Object: AnyObject>: @unchecked Sendable {
    private struct WeakBox {
        weak var object: Object?
    }

    private let entries = Locked<[ObjectID: WeakBox]>([:])

    func add(_ id: ObjectID, _ object: Object) {
        entries.withLock { $0[id] = WeakBox(object: object) }
    }

    func remove(_ id: ObjectID) {
        entries.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// The objects still alive, in creation order.
    func live() -> [Object] {
        entries.withLock { entries in
            entries.sorted { $0.key < $1.key }.compactMap { $0.value.object }
        }
    }
}

enum Registries {
    static let components = LiveRegistry<Component>()
}
