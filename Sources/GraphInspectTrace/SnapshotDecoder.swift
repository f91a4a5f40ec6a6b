import Foundation
import GraphInspect

/// Reads a snapshot's JSON (`graphinspect dump --format json`) and checks that a recording could
/// have made it, so the writers never see a node whose parent is missing or comes after it.
///
/// A snapshot from another tool, edited by hand or cut short is refused with a `SnapshotError`
/// saying what is wrong: the writers walk parents and held modules, and a snapshot that breaks
/// these rules could otherwise lose nodes from a dump.
public struct SnapshotDecoder {
    public init() {}

    /// Decodes and checks the snapshot in `data`; `name` stands for its path in errors.
    public func decode(_ data: Data, name: String) throws(SnapshotError) -> GraphSnapshot {
        let snapshot: GraphSnapshot
        do {
            snapshot = try JSONDecoder().decode(GraphSnapshot.self, from: data)
        } catch {
            throw SnapshotError(path: name, problem: .notASnapshot(Self.reason(error)))
        }
        try check(snapshot, name: name)
        return snapshot
    }

    private func check(_ snapshot: GraphSnapshot, name: String) throws(SnapshotError) {
        func fail(_ problem: SnapshotError.Problem) -> SnapshotError { SnapshotError(path: name, problem: problem) }
        let count = UInt64(snapshot.nodes.count)
        func known(_ id: ObjectID) -> Bool { id.rawValue >= 1 && id.rawValue <= count }
        for (index, node) in snapshot.nodes.enumerated() {
            guard node.id.rawValue == UInt64(index + 1) else {
                throw fail(.misnumbered(index: index, id: node.id.rawValue))
            }
            if let parent = node.parent, !(known(parent) && parent.rawValue < node.id.rawValue) {
                throw fail(.badReference(owner: "node \(node.id.rawValue)", field: "parent", id: parent.rawValue, rule: "an earlier node"))
            }
            let references = [node.component.map { ("component", $0) }, node.router.map { ("router", $0) }].compactMap { $0 }
                + (node.modules ?? []).map { ("modules", $0) }
            for (field, id) in references where !known(id) {
                throw fail(.badReference(owner: "node \(node.id.rawValue)", field: field, id: id.rawValue, rule: "a node"))
            }
        }
        var runs: Set<ObjectID> = []
        for (index, event) in snapshot.events.enumerated() {
            var references = TraceEventFields.references(of: event)
            switch event {
            case .created(let created): references.append(("id", created.id))
            case .builderStarted(let started): runs.insert(started.run)
            case .builderFinished(let finished) where !runs.contains(finished.run):
                throw fail(.badReference(owner: "event \(index) (builderFinished)", field: "run", id: finished.run.rawValue, rule: "an earlier builderStarted run"))
            default: break
            }
            for (field, id) in references where !known(id) {
                throw fail(.badReference(owner: "event \(index) (\(event.name.rawValue))", field: field, id: id.rawValue, rule: "a node"))
            }
        }
    }

    /// The decoder's complaint, as a path and a reason.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = (context.codingPath + [key].compactMap { $0 }).map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }
            let text = keys.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        switch error {
        case .keyNotFound(let key, let context): return "\"\(path(context, key))\" is missing"
        case .valueNotFound(_, let context): return "\"\(path(context))\" is null"
        case .typeMismatch(_, let context): return "\"\(path(context))\" has the wrong type"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "\"\(path(context))\" has an unexpected value"
        @unknown default: return "not JSON"
        }
    }
}
