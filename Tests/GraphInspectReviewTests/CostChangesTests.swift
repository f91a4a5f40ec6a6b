import GraphInspect
@testable import GraphInspectReview
import GraphInspectSample
import Testing

/// `diff`'s costs on the slow-start sample: its standard run against one whose image decoder takes
/// no time names the 40 ms (the builder and the provider), and nothing of the same run twice.
@Suite(.serialized) struct CostChangesTests {
    static func record(_ variant: SlowStartApp.Variant) -> GraphSnapshot {
        let recorder = GraphRecorder()
        let root = GraphObservation.withObserver(recorder) { SlowStartApp.run(variant) }
        return withExtendedLifetime(root) { recorder.snapshot() }
    }

    @Test func theFortyMillisecondsAreNamedAsSlower() throws {
        let fast = (0..<3).map { _ in Self.record(.fastDecoder) }, slow = (0..<3).map { _ in Self.record(.standard) }
        let costs = CostChanges(old: fast, new: slow)
        #expect(costs.isTimed)
        let named = costs.slower.map { "\($0.what) \($0.name)" }
        #expect(named.contains("first use ShopComponent.imageDecoder"), "\(named)")
        #expect(named.contains("builder FeedBuilder"), "\(named)")
        let decoder = try #require(costs.slower.first { $0.name == "ShopComponent.imageDecoder" })
        #expect(decoder.new - decoder.old >= 39_000_000)
        #expect(decoder.line.hasPrefix("first use ShopComponent.imageDecoder: "))
        #expect(!costs.faster.contains { $0.name == "ShopComponent.imageDecoder" })
        #expect(costs.basis == "medians of 3 old and 3 new runs")
        // The same runs the other way round: faster.
        #expect(CostChanges(old: slow, new: fast).faster.contains { $0.name == "ShopComponent.imageDecoder" })
        // The shape is the same: the text says "no changes" and then the costs.
        var diff = GraphDiff(old: fast[0], new: slow[0])
        #expect(diff.isEmpty)
        diff.costChanges = costs
        let text = diff.text()
        #expect(text.hasPrefix("graphinspect diff: no changes\ncosts changed beyond the noise (medians of 3 old and 3 new runs):\n"))
        #expect(text.contains("~ slower: first use ShopComponent.imageDecoder: "))
        let comment = try #require(DiffMarkdown().write(old: fast[0], new: slow[0], costs: costs))
        #expect(comment.contains("#### Slower"))
        #expect(comment.contains("| first use | `ShopComponent.imageDecoder` |"))
    }

    @Test func medianAndSpreadAreTakenAsSaid() {
        #expect(CostChanges.median([5, 1, 3]) == 3)
        #expect(CostChanges.median([4, 1, 3, 2]) == 2)
        #expect(CostChanges.spread([7, 2, 9]) == 7)
    }

    @Test func recordingsWithoutTimesHaveNoCosts() {
        let run = Self.record(.fastDecoder)
        let costs = CostChanges(old: [run.withoutTimes], new: [run])
        #expect(!costs.isTimed && costs.isEmpty)
    }
}
