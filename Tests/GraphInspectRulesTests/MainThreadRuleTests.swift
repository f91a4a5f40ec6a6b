import GraphInspect
import GraphInspectCheckContract
import GraphInspectRules
import GraphInspectSample
import Testing

/// `max-main-thread-ms` on the slow-start sample's run: the 40 ms provider built on the main
/// thread (and the 25 ms one a later screen builds), each once, at its builder's line.
@Suite struct MainThreadRuleTests {
    static let run: GraphSnapshot = {
        let recorder = GraphRecorder()
        let root = GraphObservation.withObserver(recorder) { SlowStartApp.run() }
        return withExtendedLifetime(root) { recorder.snapshot() }
    }()

    func findings(_ rule: Rule, in snapshot: GraphSnapshot = Self.run) -> [RuleFinding] {
        RulesEngine(rules: RuleSet(path: "graphinspect.yml", rules: [rule])).findings(in: RulesInput(snapshot: snapshot, origin: .run))
    }

    @Test func theSlowProvidersFailTheRunAtTheirLines() throws {
        let found = findings(Rule(kind: .maxMainThreadMilliseconds, limit: 16, line: 3))
        #expect(found.map(\.subject) == [
            "first use ShopComponent.imageDecoder on the main thread",
            "first use ShopComponent.recommendations on the main thread",
        ])
        let decoder = try #require(found.first)
        #expect(decoder.severity == .error)
        #expect(decoder.position?.file == "GraphInspectSample/SlowStartApp.swift")
        #expect(decoder.message.hasPrefix("@Lazy imageDecoder: ImageDecoder in ShopComponent #1 took "))
        #expect(decoder.message.hasSuffix(" on the main thread; the rules allow 16 ms"))
        #expect(decoder.details.first == "  inside: FeedBuilder builds ModuleObject \"feed\" #4 > imageDecoder: ImageDecoder by FeedComponent #3 <- ShopComponent #1")
        #expect(decoder.details.contains("  rule: max-main-thread-ms (graphinspect.yml:3)"))
    }

    @Test func aLimitAboveEverySpanFindsNothingAndTypesNarrowIt() {
        #expect(findings(Rule(kind: .maxMainThreadMilliseconds, limit: 10_000)).isEmpty)
        // The culprits are first-use builds kept by ShopComponent: a builder-only rule sees none.
        #expect(findings(Rule(kind: .maxMainThreadMilliseconds, scope: RuleScope(types: [TypePattern("*Builder")!]), limit: 16)).isEmpty)
        #expect(findings(Rule(kind: .maxMainThreadMilliseconds, scope: RuleScope(types: [TypePattern("ShopComponent")!]), limit: 16)).count == 2)
    }

    @Test func aRunWithoutTimesHasNothingToHold() {
        #expect(findings(Rule(kind: .maxMainThreadMilliseconds, limit: 0), in: Self.run.withoutTimes).isEmpty)
    }
}
