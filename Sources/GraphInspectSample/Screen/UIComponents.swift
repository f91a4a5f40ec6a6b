import GraphInspect

// The component-based article's UIComponents: isolated, reusable UI pieces. Input: `configure(viewModel:)` with a dumb
// struct; output: callbacks. They know nothing of the screen that holds them.

/// The profile header: name and avatar; tapping the avatar is reported.
public final class ProfileHeaderComponent: @unchecked Sendable {
    public struct ViewModel: Equatable, Sendable { var name: String; var initials: String }
    public private(set) var shown: ViewModel?
    public var onAvatarTap: (() -> Void)?
    let node: RecordedNode

    init(parent: RecordedNode) {
        node = GraphRecord.node("uiComponent", type: ProfileHeaderComponent.self, parent: parent)
    }

    public func configure(viewModel: ViewModel) { shown = viewModel }
    public func tapAvatar() { onAvatarTap?() }
}

/// A drop-down: shows an action sheet of options and reports the one picked.
public final class DropDownComponent: @unchecked Sendable {
    public struct ViewModel: Equatable, Sendable { var title: String; var options: [String]; var selected: String? }
    public private(set) var shown: ViewModel?
    public var onSelect: ((String) -> Void)?
    let node: RecordedNode

    init(parent: RecordedNode) {
        node = GraphRecord.node("uiComponent", type: DropDownComponent.self, parent: parent)
    }

    public func configure(viewModel: ViewModel) { shown = viewModel }

    /// The user picks an option; anything not offered is ignored (the component's own UI logic).
    public func pick(_ option: String) {
        guard shown?.options.contains(option) == true else { return }
        onSelect?(option)
    }
}

/// A button with a title and an enabled state.
public final class ButtonComponent: @unchecked Sendable {
    public struct ViewModel: Equatable, Sendable { var title: String; var enabled: Bool }
    public private(set) var shown: ViewModel?
    public var onTap: (() -> Void)?
    let node: RecordedNode

    init(key: String, parent: RecordedNode) {
        node = GraphRecord.node("uiComponent", type: ButtonComponent.self, key: key, parent: parent)
    }

    public func configure(viewModel: ViewModel) { shown = viewModel }
    public func tap() { if shown?.enabled == true { onTap?() } }
}
