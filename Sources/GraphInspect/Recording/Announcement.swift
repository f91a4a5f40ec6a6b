// How each runtime object describes its creation, and how objects made before an observer was in
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
        }
    }
}

extension Module {
    var createdEvent: NodeCreated {
        NodeCreated(
            id: id, kind: self is ModuleHolder ? .holder : .module, type: TypeName.of(type(of: self)),
            key: key.rawValue, parent: holder?.id, component: component.id
        )
    }

    /// Reports this module, its holders and their components to `observer`, top first, up to the
    /// first holder that already reports to it.
    func announce(to observer: any GraphObserver) {
        var unseen: [Module] = []
        var current: Module? = self
        while let module = current, module.observer !== observer {
            unseen.append(module)
            current = module.holder
        }
        for module in unseen.reversed() {
            module.component.announce(to: observer)
            observer.record(.created(module.createdEvent))
        }
    }
}

extension ViewComponent {
    var createdEvent: NodeCreated {
        NodeCreated(id: id, kind: .viewComponent, type: TypeName.of(type(of: self)), parent: module?.id)
    }

    func announce(to observer: any GraphObserver) {
        guard self.observer !== observer else { return }
        module?.announce(to: observer)
        observer.record(.created(createdEvent))
    }
}

extension Router {
    var createdEvent: NodeCreated {
        NodeCreated(id: id, kind: .router, type: TypeName.of(type(of: self)), parent: viewComponent.id)
    }

    func announce(to observer: any GraphObserver) {
        guard self.observer !== observer else { return }
        viewComponent.announce(to: observer)
        observer.record(.created(createdEvent))
    }
}
