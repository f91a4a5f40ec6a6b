import Foundation
import GraphInspect

/// The graph's shape as sorted, stable text to keep in git: one block per live node, each line a
/// fact about that node, so `git diff` of two baselines reads as a review, and adding a node
/// changes only the lines of that node.
///
/// ```
/// component ^->App.AppComponent->App.HomeComponent
///   provides feedTitle: Swift.String
///   resolves analytics: App.Analytics <- component ^->App.AppComponent
/// module ^->App.RootHolder "root"->App.HomeModule "home"
///   built with component ^->App.AppComponent->App.HomeComponent
/// ```
///
/// Nodes are named by path, never by id or count, so nothing shifts when an unrelated node
/// comes or goes. Released nodes, cache hits, how often a lookup ran and where, and the order of
/// events are not shape and are left out. `BaselineReader` reads it back into a snapshot that
/// `GraphDiff` finds equal to the run it was written from. Syntax: `BaselineSyntax`.
public struct BaselineWriter: Sendable {
    /// Paths longer than this in all are refused (`BaselineReader` reads no more).
    public var maxBytes: Int
    /// The grace a module alive after its detach is judged with (`retained after detach:`).
    public var leakGrace: UInt64

    public init(maxBytes: Int = BaselineReader.maxBytes, leakGrace: UInt64 = RetainedAfterDetach.defaultGrace) {
        self.maxBytes = maxBytes
        self.leakGrace = leakGrace
    }

    /// The baseline, or `tooDeepToWrite` when its paths alone pass `maxBytes`.
    public func write(_ snapshot: GraphSnapshot) throws(BaselineError) -> String {
        let snapshot = snapshot.withRetainedVerdicts(grace: leakGrace)
        let keyed = Keyed(snapshot, spelling: BaselineSyntax.spelling)
        let pathBytes = keyed.order.reduce(0) { $0 + $1.utf8.count }
        if pathBytes > maxBytes {
            let deepest = keyed.order.max { $0.utf8.count < $1.utf8.count } ?? ""
            throw BaselineError(path: "", line: 0, problem: .tooDeepToWrite(bytes: pathBytes, limit: maxBytes, depth: deepest.components(separatedBy: "->").count - 1))
        }
        var facts: [String: [String]] = [:]
        func add(_ fact: BaselineSyntax.Fact, _ text: String, to key: String) {
            facts[key, default: []].append("  " + fact.rawValue + " " + text)
        }
        func answer(_ answer: String, to requester: String) -> String {
            switch answer {
            case requester: BaselineSyntax.selfAnswer
            case Keyed.released: BaselineSyntax.releasedAnswer
            default: answer
            }
        }
        for node in snapshot.liveNodes {
            guard let key = keyed.keyOf[node.id] else { continue }
            facts[key] = []
            if let component = node.component, let built = keyed.keyOf[component] {
                add(.builtWith, built, to: key)
            }
            if let verdict = node.retained, let word = BaselineSyntax.verdicts.first(where: { $0.verdict == verdict })?.word {
                facts[key, default: []].append("  " + BaselineSyntax.Fact.retained.rawValue + ": " + word)
            }
            for provider in node.providers ?? [] {
                let form = provider.form == .stored ? "" : " (\(provider.form.rawValue))"
                add(.provides, Quoted.name(provider.name) + ": " + BaselineSyntax.type(provider.type) + form, to: key)
            }
        }
        for (lookup, answered) in keyed.lookups {
            add(.resolves, Quoted.name(lookup.name) + ": " + BaselineSyntax.type(lookup.type) + " <- " + answer(answered, to: lookup.requester), to: lookup.requester)
        }
        for (lookup, answered) in keyed.moduleLookups {
            add(.finds, lookup.type + " " + Quoted.string(lookup.name) + " <- " + answer(answered, to: lookup.requester), to: lookup.requester)
        }
        var out = BaselineSyntax.header + "\n"
        for key in facts.keys.sorted(by: Self.precedes) {
            out += key + "\n"
            // Sorted whole lines: `built with`, then `finds`, `provides`, `resolves`, `retained`.
            for line in facts[key]!.sorted(by: Self.precedes) { out += line + "\n" }
        }
        return out
    }

    /// Byte order, the same on every platform and locale.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
