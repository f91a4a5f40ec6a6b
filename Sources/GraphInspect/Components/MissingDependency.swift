/// A dependency lookup that nothing on the walk could answer.
///
/// Carries the whole walk (every component visited, in order, with what it provides) so a report
/// can say where the name does exist under another type, or what nearly matched.
public struct MissingDependency: Error, Sendable, Equatable, CustomStringConvertible {
    /// One component visited by the walk.
    public struct Step: Sendable, Equatable {
        public var id: ObjectID
        /// The component's module-qualified type.
        public var type: String
        /// What the component declares.
        public var providers: [Provider]

        public init(id: ObjectID, type: String, providers: [Provider]) {
            self.id = id
            self.type = type
            self.providers = providers
        }
    }

    /// The name asked for.
    public var name: String
    /// The module-qualified type asked for.
    public var type: String
    /// Where the lookup was written, when known.
    public var location: SourceLocation?
    /// The components visited, requester first, root last.
    public var walk: [Step]

    public init(name: String, type: String, location: SourceLocation?, walk: [Step]) {
        self.name = name
        self.type = type
        self.location = location
        self.walk = walk
    }

    /// Walks from `requester` to the root again, recording each component and its providers.
    init(name: String, type: String, requester: Component, location: SourceLocation?) {
        var walk: [Step] = []
        var current: Component? = requester
        while let component = current {
            walk.append(Step(
                id: component.id, type: TypeName.of(Swift.type(of: component)),
                providers: component.providers
            ))
            current = component.parent
        }
        self.init(name: name, type: type, location: location, walk: walk)
    }

    /// The requester: the first component walked.
    public var requester: Step { walk[0] }

    /// One line naming what was asked and the walk, then a line per provider that nearly matched.
    public var description: String {
        var lines = ["graphinspect: missing dependency `\(name): \(Self.short(type))`"
            + " asked by \(Self.short(requester.type))"
            + (location.map { " at \($0)" } ?? "")
            + "; walked " + walk.map { Self.short($0.type) }.joined(separator: " -> ")]
        for step in walk {
            for provider in step.providers where provider.name == name {
                switch provider.form {
                case .lazyVar:
                    lines.append("  `\(name)` at \(Self.short(step.type)) is a `lazy var`, which lookup cannot see: declare it `@Lazy var \(name) = ...`")
                case .stored, .lazy:
                    lines.append("  `\(name)` at \(Self.short(step.type)) is a \(Self.short(provider.type)), not a \(Self.short(type))")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A type name without its module prefix, for messages.
    static func short(_ type: String) -> String {
        ShortTypeName.of(type)
    }
}
