import Foundation
import GraphInspect
import GraphInspectPages
import Testing

/// The explorer's failed lookups as the page holds them (`ExplorerData.pageFailures`): each line
/// once, walked components' lines without their numbers, a walk left out when it is the parent
/// chain. Read back as explorer.js reads them, every report and walk is `why`'s, whole. (The
/// lines the page makes from its nodes in shorthand are `PageShorthandTests`'.)
@Suite struct PageFailuresTests {
    final class Chain: Component {}
    final class Root: Component, RootComponent {
        let analytics = "analytics"
    }

    /// explorer.js's reading, in Swift: the requester, its walk, its report.
    static func read(_ json: String, nodes parents: [String: String]) throws -> [(requester: String, walk: [String], report: String)] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let lines = try #require(object["lines"] as? [String])
        let list = try #require(object["list"] as? [[Any]])
        return try list.map { held in
            let requester = try #require(held[0] as? String)
            var walk = held[1] as? [String] ?? []
            if held[1] is NSNull {
                var key: String? = requester
                while let at = key, !walk.contains(at) { walk.append(at); key = parents[at] }
            }
            let report = try (held[2] as? [Any] ?? []).map { ref -> String in
                if let index = ref as? Int { return lines[index] }
                let pair = try #require(ref as? [Int])
                return "    \(pair[0]). " + lines[pair[1]]
            }.joined(separator: "\n")
            return (requester, walk, report)
        }
    }

    @Test func everyReportAndWalkReadsBackWhole() throws {
        // Chains 30 deep under one root, each member asking for something nobody provides.
        let recorder = GraphRecorder()
        let kept: [Component] = GraphObservation.withObserver(recorder) {
            let root = Root(parent: nil)
            var all: [Component] = [root]
            for _ in 0..<3 {
                var parent: Component = root
                for _ in 0..<30 {
                    let child = Chain(parent: parent)
                    _ = try? child.resolve("missing", as: Int.self)
                    all.append(child)
                    parent = child
                }
            }
            return all
        }
        let snapshot = recorder.snapshot()
        let parents = Dictionary(uniqueKeysWithValues: snapshot.nodes.compactMap { node in
            node.parent.flatMap(snapshot.node).map { ("c\(node.id.rawValue)", "c\($0.id.rawValue)") }
        })
        let json = ExplorerData.pageFailures(of: snapshot, shorthand: false)
        let read = try Self.read(json, nodes: parents)
        let failures = snapshot.failures()
        #expect(read.count == 90 && failures.count == 90)
        for (held, failure) in zip(read, failures) {
            #expect(held.report == failure.report(style: .plain))
            guard case .dependency(let report, _) = failure else { continue }
            #expect(held.walk == report.walk.map { "c\($0.id.rawValue)" })
        }
        // Held once: far smaller than the reports it stands for.
        let whole = failures.map { $0.report(style: .plain) }.joined().utf8.count
        #expect(json.utf8.count * 4 < whole, "\(json.utf8.count) bytes for \(whole) bytes of reports")
        withExtendedLifetime(kept) {}
    }
}
