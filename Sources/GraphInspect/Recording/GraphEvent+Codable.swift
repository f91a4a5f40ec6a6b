/// Events encode as one flat object: `"event"` names the case, the payload's fields sit beside it.
/// `docs/trace-format.md` documents every case and field.
extension GraphEvent: Codable {
    /// The `"event"` value of each case, as written in traces and snapshots.
    public enum Name: String, Codable, Sendable, CaseIterable {
        case created, builderStarted, builderFinished, moduleAttached, moduleDetached
        case routerAttached, lookup, sharedCreated, moduleLookup, released, linked, held, marked, ended
    }

    /// The key naming the case, first in every event (`TraceLine` writes it too).
    enum Discriminator: String, CodingKey { case event }

    /// The case's name.
    public var name: Name {
        switch self {
        case .created: .created
        case .builderStarted: .builderStarted
        case .builderFinished: .builderFinished
        case .moduleAttached: .moduleAttached
        case .moduleDetached: .moduleDetached
        case .routerAttached: .routerAttached
        case .lookup: .lookup
        case .sharedCreated: .sharedCreated
        case .moduleLookup: .moduleLookup
        case .released: .released
        case .linked: .linked
        case .held: .held
        case .marked: .marked
        case .ended: .ended
        }
    }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.container(keyedBy: Discriminator.self).decode(Name.self, forKey: .event)
        switch name {
        case .created: self = .created(try NodeCreated(from: decoder))
        case .builderStarted: self = .builderStarted(try BuilderStarted(from: decoder))
        case .builderFinished: self = .builderFinished(try BuilderFinished(from: decoder))
        case .moduleAttached: self = .moduleAttached(try ModuleAttachment(from: decoder))
        case .moduleDetached: self = .moduleDetached(try ModuleAttachment(from: decoder))
        case .routerAttached: self = .routerAttached(try RouterAttachment(from: decoder))
        case .lookup: self = .lookup(try DependencyLookup(from: decoder))
        case .sharedCreated: self = .sharedCreated(try SharedCreated(from: decoder))
        case .moduleLookup: self = .moduleLookup(try ModuleLookup(from: decoder))
        case .released: self = .released(try Released(from: decoder))
        case .linked: self = .linked(try Link(from: decoder))
        case .held: self = .held(try HeldBy(from: decoder))
        case .marked: self = .marked(try RunMark(from: decoder))
        case .ended: self = .ended(try RunEnded(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Discriminator.self)
        try container.encode(name, forKey: .event)
        switch self {
        case .created(let payload): try payload.encode(to: encoder)
        case .builderStarted(let payload): try payload.encode(to: encoder)
        case .builderFinished(let payload): try payload.encode(to: encoder)
        case .moduleAttached(let payload): try payload.encode(to: encoder)
        case .moduleDetached(let payload): try payload.encode(to: encoder)
        case .routerAttached(let payload): try payload.encode(to: encoder)
        case .lookup(let payload): try payload.encode(to: encoder)
        case .sharedCreated(let payload): try payload.encode(to: encoder)
        case .moduleLookup(let payload): try payload.encode(to: encoder)
        case .released(let payload): try payload.encode(to: encoder)
        case .linked(let payload): try payload.encode(to: encoder)
        case .held(let payload): try payload.encode(to: encoder)
        case .marked(let payload): try payload.encode(to: encoder)
        case .ended(let payload): try payload.encode(to: encoder)
        }
    }
}
