import NeedleFoundation

/// What any screen that reports events needs.
protocol Tracking {
    var analytics: Analytics { get }
}

protocol LoggedInDependency: Dependency, Tracking {}

final class LoggedInComponent: Component<LoggedInDependency> {
    public let session: Session = Session()

    public var notes: NotesListComponent {
        return NotesListComponent(parent: self)
    }

    /// A note opened from a link, straight below the logged-in screen.
    func editor() -> EditorComponent {
        return EditorComponent(parent: self)
    }
}

extension LoggedInComponent {
    var store: NotesStore {
        return shared { NotesStore() }
    }
}
