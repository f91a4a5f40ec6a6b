// How a component describes its creation, and how objects made before an observer was in
// force are reported to it when something it observes refers to them. Without this, a recording
// started mid-life would hold edges to nodes it never saw.

extension Component {
    var createdEvent: NodeCreated {
        NodeCreated(
            id: id, kind: .component, type: TypeName.of(type(of: self)), parent: initialParent?.id,
            providers: providers
        )
    }

    /// Reports this component and its ancestors to `observer`, root first, up to the first one
    /// that already reports to it.
    func announce(to observer: any GraphObserver) {
        let unseen = ParentWalk(from: self).components.prefix { $0.observer !== observer }
        for component in unseen.reversed() {
            observer.record(.created(component.createdEvent))
            ModuleTreeTracking.noteAnnounced(component, to: observer)
        }
    }
}
