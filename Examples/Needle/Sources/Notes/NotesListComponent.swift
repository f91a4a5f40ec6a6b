import NeedleFoundation

protocol NotesListDependency: Dependency {
    var store: NotesStore { get }
    var theme: Theme { get }
}

final class NotesListComponent: Component<NotesListDependency> {
    /// The list's own theme: the editor opened from the list uses it.
    public var theme: Theme {
        return shared { Theme() }
    }

    public var clock: Clock {
        return Clock()
    }

    public var editor: EditorComponent {
        return EditorComponent(parent: self)
    }
}
