import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectStatic

/// Holds a static reading to a run of the same app: the run is the truth about every lookup it
/// made. Each disagreement is a line a person can act on.
struct RunOracle {
    /// What the run recorded, and whether it ran to its end (a planted missing dependency
    /// ends it early; what it never reached is then neither confirmed nor contradicted).
    var run: GraphSnapshot
    var ranToTheEnd: Bool
    var graph: StaticGraph

    /// A dependency lookup as both sides can state it: who asked, for what, who answered, how
    /// many parents up (nil: nobody).
    struct Answer: Hashable, CustomStringConvertible {
        var requester: String
        var name: String
        var provider: String?
        var hops: Int?
        var description: String { "\(requester).\(name) <- \(provider.map { "\($0) (\(hops ?? 0) hops)" } ?? "nothing")" }
        var asked: String { "\(requester).\(name)" }
    }

    /// A module or router lookup: from which holder, which key, what was walked.
    struct ModuleAnswer: Hashable, CustomStringConvertible {
        var requester: String
        var key: String
        var target: String
        var walk: [String]
        var found: Bool
        var description: String { "\(target) \(requester).\(key) <- \(found ? walk.last ?? "?" : "nothing") via \(walk)" }
        var asked: String { "\(target) \(requester).\(key)" }
    }

    static func answers(_ snapshot: GraphSnapshot) -> [(answer: Answer, event: Int, line: Int?)] {
        let nodes = Dictionary(snapshot.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func type(_ id: ObjectID) -> String { nodes[id].map { ShortTypeName.of($0.type) } ?? "?" }
        func hops(from requester: ObjectID, to provider: ObjectID) -> Int? {
            var current: ObjectID? = requester
            var count = 0
            while let id = current, count < 10_000 {
                if id == provider { return count }
                current = nodes[id]?.parent
                count += 1
            }
            return nil
        }
        return snapshot.events.enumerated().compactMap { offset, event in
            guard case .lookup(let lookup) = event else { return nil }
            let answer = Answer(
                requester: type(lookup.requester), name: lookup.name, provider: lookup.provider.map(type),
                hops: lookup.provider.flatMap { hops(from: lookup.requester, to: $0) }
            )
            return (answer, offset, lookup.location?.line)
        }
    }

    static func moduleAnswers(_ snapshot: GraphSnapshot) -> [ModuleAnswer] {
        let nodes = Dictionary(snapshot.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func type(_ id: ObjectID) -> String { nodes[id].map { ShortTypeName.of($0.type) } ?? "?" }
        return snapshot.events.compactMap { event in
            guard case .moduleLookup(let lookup) = event else { return nil }
            let walk = lookup.module == nil ? lookup.walk : Array(lookup.walk.prefix { $0 != lookup.holder } + (lookup.holder.map { [$0] } ?? []))
            return ModuleAnswer(requester: type(lookup.requester), key: lookup.key, target: lookup.target.rawValue, walk: walk.map(type), found: lookup.module != nil)
        }
    }

    /// Every way the reading differs from the run; empty when `check` told the run's truth.
    var disagreements: [String] {
        var found: [String] = []
        // Facts: everything the run did is read.
        let comparison = GraphComparison(static: graph.facts, live: GraphFacts(snapshot: run))
        found += comparison.onlyLive.map { "the run did what the reading has not: \($0)" }
        // Dependency lookups: the same answer, and each miss at its line.
        let ran = Self.answers(run)
        let read = Self.answers(graph.snapshot)
        let readAnswers = Set(read.map(\.answer))
        let readMissLines = Dictionary(grouping: read.filter { $0.answer.provider == nil }, by: \.answer.asked)
            .mapValues { Set($0.compactMap { graph.lookupPositions[$0.event]?.line }) }
        for (answer, _, line) in ran {
            if !readAnswers.contains(answer) {
                let readOnes = read.filter { $0.answer.asked == answer.asked }.map(\.answer.description)
                found.append("the run found \(answer), the reading \(readOnes.isEmpty ? "has no such lookup" : readOnes.joined(separator: "; "))")
            } else if answer.provider == nil, let line, readMissLines[answer.asked]?.contains(line) != true {
                found.append("the run missed \(answer.asked) at line \(line), the reading's error is at lines \(readMissLines[answer.asked]?.sorted() ?? [])")
            }
        }
        let ranAsked = Set(ran.map(\.answer.asked))
        let ranMissed = Set(ran.filter { $0.answer.provider == nil }.map(\.answer.asked))
        for (answer, event, _) in read where answer.provider == nil && !ranMissed.contains(answer.asked) {
            // An error the run contradicts (it made that lookup and was answered), or one it
            // would have reached had it not ended.
            if ranAsked.contains(answer.asked) || ranToTheEnd {
                found.append("false error: the reading misses \(answer.asked) at \(graph.lookupPositions[event]?.description ?? "?"), the run \(ranAsked.contains(answer.asked) ? "was answered" : "ran to its end without that lookup")")
            }
        }
        // Module and router lookups.
        let ranModules = Self.moduleAnswers(run)
        let readModules = Self.moduleAnswers(graph.snapshot)
        let readModuleSet = Set(readModules)
        for answer in ranModules where !readModuleSet.contains(answer) {
            let readOnes = readModules.filter { $0.asked == answer.asked }.map(\.description)
            found.append("the run's \(answer), the reading \(readOnes.isEmpty ? "has no such lookup" : readOnes.joined(separator: "; "))")
        }
        let ranModuleAsked = Set(ranModules.map(\.asked))
        for answer in Set(readModules) where !answer.found && !ranModules.contains(answer) {
            if ranModuleAsked.contains(answer.asked) || ranToTheEnd {
                found.append("false error: the reading finds no \(answer.asked)")
            }
        }
        // Nothing but misses is an error; every lookup is checked.
        for diagnostic in graph.diagnostics where diagnostic.severity == .error {
            let message = diagnostic.message
            if !(message.hasPrefix("missing dependency") || message.hasPrefix("no module") || message.hasPrefix("no router")) {
                found.append("an error of another kind: \(diagnostic.position): \(message)")
            }
        }
        let summary = graph.summary
        if summary.lookupsChecked < summary.lookups || summary.moduleLookupsChecked < summary.moduleLookups {
            let notes = graph.diagnostics.filter { $0.severity == .note }.map { "\($0.position.line): \($0.message)" }
            found.append("checked \(summary.lookupsChecked) of \(summary.lookups) lookups, \(summary.moduleLookupsChecked) of \(summary.moduleLookups) module lookups: \(notes.joined(separator: " | "))")
        }
        return found
    }
}
