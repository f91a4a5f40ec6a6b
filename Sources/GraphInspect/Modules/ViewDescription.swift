/// A platform-neutral description of a view tree: what a router shows, without SwiftUI or UIKit,
/// so routers build and are tested on Linux. Apple platforms turn it into SwiftUI views
/// (`ViewDescription+SwiftUI.swift`).
public struct ViewDescription: Sendable, Hashable, CustomStringConvertible {
    /// The view's name, e.g. "SettingsView".
    public var name: String
    /// Display properties, e.g. `["title": "Settings"]`.
    public var properties: [String: String]
    /// The views inside this one, in order.
    public var children: [ViewDescription]

    public init(_ name: String, properties: [String: String] = [:], children: [ViewDescription] = []) {
        self.name = name
        self.properties = properties
        self.children = children
    }

    /// The tree as indented lines, properties sorted by key.
    public var description: String {
        var lines: [String] = []
        func add(_ view: ViewDescription, indent: String) {
            let properties = view.properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.append(indent + view.name + (properties.isEmpty ? "" : " (" + properties.joined(separator: ", ") + ")"))
            for child in view.children { add(child, indent: indent + "  ") }
        }
        add(self, indent: "")
        return lines.joined(separator: "\n")
    }
}
