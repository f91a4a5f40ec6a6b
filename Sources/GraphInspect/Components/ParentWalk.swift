/// The components from one component up through its parents, ending at the root or, if an
/// overridden `parent` makes the chain loop, just before the first component seen twice.
///
/// Used wherever a chain is walked outside the lookup hot path (which has its own cheaper guard).
struct ParentWalk {
    /// The components visited, start first.
    var components: [Component] = []
    /// When the chain loops: the component it loops back to (already in `components`).
    var loopsBackTo: Component?

    init(from start: Component?, limit: Int = .max) {
        var seen = Set<ObjectIdentifier>()
        var current = start
        while let component = current, components.count < limit {
            guard seen.insert(ObjectIdentifier(component)).inserted else {
                loopsBackTo = component
                return
            }
            components.append(component)
            current = component.parent
        }
    }
}
