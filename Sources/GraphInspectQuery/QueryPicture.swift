import GraphInspect
import GraphInspectDiagram

/// The answers that are pictures (a provider's path, its users, a path between two nodes) as a
/// `Diagram`, so DOT and Mermaid draw them with the writers, styles and escaping of every other
/// picture. Each type is one node, numbered in the order first met.
public enum QueryPicture {
    public static func diagram(_ answer: ProviderAnswer) -> Diagram {
        var picture = PictureBuilder()
        for entry in answer.answers {
            picture.chain(entry.path)
            guard let provider = entry.provider, let from = entry.path.first else { continue }
            let label = "`\(answer.name)`" + (entry.hops.map { " (\(QueryText.hopsText($0)))" } ?? "")
            picture.edge(from, provider, kind: .lookup, label: [label])
        }
        if answer.answers.allSatisfy({ $0.provider == nil }), let from = answer.answers.first?.path.first {
            picture.missing(answer.name, from: from)
        }
        return picture.diagram
    }

    public static func diagram(_ answer: UsersAnswer) -> Diagram {
        var picture = PictureBuilder()
        let provider = String(answer.provider[..<(answer.provider.lastIndex(of: ".") ?? answer.provider.endIndex)])
        let name = String(answer.provider[(answer.provider.lastIndex(of: ".").map { answer.provider.index(after: $0) } ?? answer.provider.endIndex)...])
        _ = picture.node(provider, kind: .component)
        var labels: [String: [String]] = [:]
        var order: [String] = []
        var seen: Set<String> = []
        for user in answer.users {
            if seen.insert(user.requester).inserted { order.append(user.requester) }
            if let file = user.file { labels[user.requester, default: []].append("\(fileName(file)):\(user.line ?? 0)") }
        }
        for requester in order {
            let places = labels[requester] ?? []
            let shown = places.prefix(3) + (places.count > 3 ? ["and \(places.count - 3) more"] : [])
            picture.edge(requester, provider, kind: .lookup, label: ["`\(name)`"] + shown)
        }
        return picture.diagram
    }

    public static func diagram(_ answer: PathAnswer) -> Diagram {
        var picture = PictureBuilder()
        for path in answer.paths {
            for step in path { _ = picture.node(step.type, kind: Diagram.NodeKind(rawValue: step.kind) ?? .component) }
            picture.chain(path.map(\.type))
        }
        return picture.diagram
    }
}

/// A path's last component (a label names the file; the text and JSON give the whole path).
private func fileName(_ path: String) -> Substring {
    path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
}

/// Nodes by type and edges, deduplicated, in the order added.
private struct PictureBuilder {
    var nodes: [Diagram.Node] = []
    var ids: [String: String] = [:]
    var edges: [Diagram.Edge] = []
    var edgeKeys: Set<String> = []

    mutating func node(_ type: String, kind: Diagram.NodeKind = .component) -> String {
        if let id = ids[type] { return id }
        let id = "q\(nodes.count + 1)"
        ids[type] = id
        nodes.append(Diagram.Node(id: id, kind: kind, title: type, details: [], released: false))
        return id
    }

    /// Each step to the one above it.
    mutating func chain(_ path: [String]) {
        for (lower, upper) in zip(path, path.dropFirst()) { edge(lower, upper, kind: .parent, label: []) }
        if let only = path.first, path.count == 1 { _ = node(only) }
    }

    mutating func edge(_ from: String, _ to: String, kind: Diagram.EdgeKind, label: [String]) {
        let a = node(from), b = node(to)
        guard edgeKeys.insert("\(a) \(b) \(kind.rawValue) \(label)").inserted else { return }
        edges.append(Diagram.Edge(from: a, to: b, kind: kind, label: label))
    }

    mutating func missing(_ name: String, from: String) {
        let id = "q\(nodes.count + 1)"
        nodes.append(Diagram.Node(id: id, kind: .missing, title: name, details: ["not provided"], released: false))
        edges.append(Diagram.Edge(from: node(from), to: id, kind: .failed, label: ["`\(name)`"]))
    }

    var diagram: Diagram { Diagram(nodes: nodes, clusters: [], edges: edges) }
}
