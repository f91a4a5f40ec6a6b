/// Lookups as lines of their requesters, for layouts that cannot take many lookup edges.
extension Diagram {
    /// This diagram, or, when it has more than `limit` lookup edges, the same with each requester
    /// listing its lookups as lines (`\u{2191} name, hops <- provider`) instead of edges, and the
    /// summary saying so. Each writer says how many its layout takes
    /// (`DOTWriter.lookupEdgesUpTo`, `MermaidWriter.lookupEdgesUpTo`).
    public func foldingLookups(above limit: Int) -> Diagram {
        let lookups = edges.filter { $0.kind == .lookup }
        guard lookups.count > limit else { return self }
        var folded = self
        let index = Dictionary(nodes.enumerated().map { ($1.id, $0) }) { first, _ in first }
        for edge in lookups {
            guard let at = index[edge.from] else { continue }
            let provider = index[edge.to].map { nodes[$0] }
            let name = provider.map { node in ([node.title] + node.details.filter { $0.hasPrefix("#") }).joined(separator: " ") } ?? edge.to
            folded.nodes[at].details.append("\u{2191} " + edge.label.joined(separator: ", ") + " <- " + name)
        }
        folded.edges.removeAll { $0.kind == .lookup }
        let note = "\(lookups.count) lookup edges are too many to lay out: each requester lists its lookups (\u{2191} name, hops <- provider) instead; --focus or --dependency draws a part with its lookup edges"
        folded.summary = folded.summary.map { $0 + "; " + note } ?? note
        return folded
    }
}
