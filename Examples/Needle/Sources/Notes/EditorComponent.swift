import NeedleFoundation

protocol EditorDependency: Dependency {
    var store: NotesStore { get }
    var theme: Theme { get }
    var clock: Clock { get }
}

final class EditorComponent: Component<EditorDependency> {
    func save() {
        _ = dependency.store
        _ = dependency.clock
    }
}
