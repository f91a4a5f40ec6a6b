import Foundation
import GraphInspect
import GraphInspectQuery
import GraphInspectSample
import GraphInspectStatic
import GraphInspectStyleFactories
import GraphInspectStyleNeedle
import GraphInspectStyleTargetsFeature
import GraphInspectStyleTicTacToe
import Testing

/// Answers from the sources and from a run agree wherever the run made the lookup: for every
/// lookup a run of an example made, `provider` from the sources names the component the run
/// found, and `users` of that provider from the sources lists the asking component.
@Suite struct StaticAndRunAgreeTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var app: QueryApp
        var run: @Sendable () -> Any
        var testDescription: String { app.name }
    }

    static let examples: [Example] = [
        Example(app: QueryApp.all[0], run: { SampleApp.run() }),
        Example(app: QueryApp.all.first { $0.name == "needle style" }!, run: { NeedleStyle.run() }),
        Example(app: QueryApp.all.first { $0.name == "factories style" }!, run: { FactoryStyle.run() }),
        Example(app: QueryApp.all.first { $0.name == "two targets, one type name" }!, run: { TargetsStyle.run() }),
        Example(app: QueryApp.all.first { $0.name.hasPrefix("tic-tac-toe") }!, run: { TicTacToeApp.run() }),
    ]

    static func record(_ app: @Sendable () -> Any) -> GraphSnapshot {
        let recorder = GraphRecorder()
        let alive = GraphObservation.withObserver(recorder, operation: app)
        return withExtendedLifetime(alive) { recorder.snapshot() }
    }

    @Test(arguments: examples)
    func sourcesAnswerAsTheRunFound(example: Example) throws {
        let reading = StaticReader.graph(of: try example.app.files())
        let sources = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        let runSnapshot = Self.record(example.run)
        let run = QueryGraph(snapshot: runSnapshot, origin: .run)
        let types = Dictionary(uniqueKeysWithValues: runSnapshot.nodes.map { ($0.id, $0.type) })
        var compared = 0
        var seen: Set<String> = []
        for lookup in runSnapshot.lookups {
            guard let provider = lookup.provider, let requester = types[lookup.requester], let providing = types[provider],
                  seen.insert("\(requester) \(lookup.name)").inserted else { continue }
            let asked = run.displayName(of: requester)
            let fromRun = try run.provider(lookup.name, from: asked)
            let fromSources = try sources.provider(lookup.name, from: sources.displayName(of: requester))
            #expect(fromRun.answers.contains { $0.provider == run.displayName(of: providing) }, "\(example.app): the run's own answer for \(asked).\(lookup.name)")
            // A provider whose type is optional answers only while its value is not nil: then the
            // one farther up does, as the answer says.
            let found = sources.displayName(of: providing)
            #expect(
                fromSources.answers.contains { $0.provider == found && $0.path == fromRun.answers.first { $0.provider != nil }?.path || $0.whenNil == found },
                "\(example.app): \(asked) gets `\(lookup.name)` from \(providing) in the run; the sources say \(fromSources.answers)"
            )
            // `users` counts what the sources say resolves there, so it agrees where `provider` did
            // not fall through a nil.
            if fromSources.answers.contains(where: { $0.provider == found }) {
                let users = try sources.users(of: "\(found).\(lookup.name)")
                #expect(users.users.contains { $0.requester == sources.displayName(of: requester) }, "\(example.app): users of \(providing).\(lookup.name) from the sources leave out \(asked)")
            }
            compared += 1
        }
        #expect(compared > 0, "\(example.app): the run made no lookup")
        print("query agreement, \(example.app): \(compared) lookups answered alike from the sources and the run")
    }
}
