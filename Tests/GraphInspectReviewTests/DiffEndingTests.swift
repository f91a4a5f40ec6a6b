import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectReview
import Testing
import GraphInspectTestSupport

/// A run that crashed or failed says so first, in `diff`'s text and in the comment; the comment
/// lists new rule findings and the walk of each new lookup.
@Suite struct DiffEndingTests {
    /// A root, a child that resolves `analytics` from the root, and (`grandchild`) one more
    /// below that resolves it two hops up.
    static func app(grandchild: Bool = false, ending: RunEnding? = nil) -> GraphSnapshot {
        var events: [GraphEvent] = [
            .created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root", providers: [Provider(name: "analytics", type: "App.Analytics", form: .stored)])),
            .created(NodeCreated(id: ObjectID(2), kind: .component, type: "App.Feed", parent: ObjectID(1))),
            .lookup(DependencyLookup(requester: ObjectID(2), name: "analytics", type: "App.Analytics", walk: [ObjectID(2), ObjectID(1)], provider: ObjectID(1), cacheHit: false)),
        ]
        if grandchild {
            events.append(.created(NodeCreated(id: ObjectID(3), kind: .component, type: "App.Story", parent: ObjectID(2))))
            events.append(.lookup(DependencyLookup(requester: ObjectID(3), name: "analytics", type: "App.Analytics", walk: [ObjectID(3), ObjectID(2), ObjectID(1)], provider: ObjectID(1), cacheHit: false)))
        }
        var snapshot = GraphSnapshot(events: events)
        snapshot.ending = ending
        return snapshot
    }

    static let report = "error: missing dependency `paymentService: PaymentService`\n  asked by CheckoutComponent at ^->AppComponent->CheckoutComponent"
    static let crashed = RunEnding(how: .signalled(SIGILL), report: report)

    @Test func aCrashedHeadWithTheSameShapeIsAChangeSaidFirst() {
        let diff = GraphDiff(old: Self.app(ending: RunEnding(how: .exited(status: 0))), new: Self.app(ending: Self.crashed))
        #expect(!diff.isEmpty)
        #expect(diff.text() == """
            graphinspect diff: 1 change
            ! The new run ended early: killed by signal \(SIGILL) (SIGILL) after graphinspect reported: missing dependency `paymentService: PaymentService`. The changes below are only what it recorded before it ended.

            """)
        let comment = DiffMarkdown().write(old: Self.app(), new: Self.app(ending: Self.crashed))
        #expect(comment == """
            \(DiffMarkdown.marker)
            **graphinspect:** no change of shape

            **The head run ended early**: killed by signal \(SIGILL) (SIGILL) after graphinspect reported: missing dependency \\`paymentService: PaymentService\\`. The changes below are only what it recorded before it ended.

            """)
    }

    @Test func theEndingComesRightAfterTheSummaryBeforeTheChanges() throws {
        let comment = try #require(DiffMarkdown().write(old: Self.app(grandchild: true), new: Self.app(ending: RunEnding(how: .signalled(SIGKILL)))))
        let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "**graphinspect:** -1 component, -1 lookup")
        #expect(lines[3] == "**The head run ended early**: killed by signal \(SIGKILL) (SIGKILL). The changes below are only what it recorded before it ended.")
        #expect(lines[5] == "#### Components")
        let text = GraphDiff(old: Self.app(grandchild: true), new: Self.app(ending: RunEnding(how: .unfinished))).text()
        #expect(text.hasPrefix("graphinspect diff: 2 changes\n! The new run ended early: its recording stops before the app exited (it crashed or was killed). The changes below are only what it recorded before it ended.\n- component ^->Root->Feed->Story\n"))
    }

    @Test func bothSidesAreSaidWhenTheBaseCrashedTooOrTheHeadIsFixed() {
        let both = GraphDiff(old: Self.app(ending: Self.crashed), new: Self.app(ending: Self.crashed)).text()
        #expect(both.contains("! The new run ended early: killed by signal \(SIGILL) (SIGILL) after graphinspect reported: missing dependency `paymentService: PaymentService`. The old run ended early too: the same way. The changes below"))
        let other = GraphDiff(old: Self.app(ending: RunEnding(how: .exited(status: 3))), new: Self.app(ending: Self.crashed)).text()
        #expect(other.contains(". The old run failed too: exited with status 3. The changes below"))
        let fixed = GraphDiff(old: Self.app(ending: Self.crashed), new: Self.app(grandchild: true, ending: RunEnding(how: .exited(status: 0))))
        #expect(fixed.text() == """
            graphinspect diff: 2 changes
            ! The old run ended early: killed by signal \(SIGILL) (SIGILL) after graphinspect reported: missing dependency `paymentService: PaymentService`. The new run exited with status 0: the changes below include what the old run never reached.
            + component ^->Root->Feed->Story

            """)
    }

    @Test func aFailedExitIsAChangeAndUnknownOrCleanEndingsAreNot() {
        let failed = GraphDiff(old: Self.app(), new: Self.app(ending: RunEnding(how: .exited(status: 2))))
        #expect(failed.text() == "graphinspect diff: 1 change\n! The new run failed: exited with status 2.\n")
        // A baseline or an in-process recording (no ending) against a clean exit, either way.
        #expect(GraphDiff(old: Self.app(), new: Self.app(ending: RunEnding(how: .exited(status: 0)))).isEmpty)
        #expect(GraphDiff(old: Self.app(ending: RunEnding(how: .exited(status: nil))), new: Self.app()).isEmpty)
        // The old run crashed, the new one's end is unknown: nothing to say of it.
        #expect(GraphDiff(old: Self.app(ending: Self.crashed), new: Self.app()).isEmpty)
        #expect(DiffMarkdown().write(old: Self.app(), new: Self.app(ending: RunEnding(how: .exited(status: 0)))) == nil)
    }

    @Test func newLookupsShowTheirHops() throws {
        let comment = try #require(DiffMarkdown().write(old: Self.app(), new: Self.app(grandchild: true)))
        #expect(comment.contains("| + | `Root->Feed->Story` | `analytics: Analytics` | `Root` (2 hops, via `Feed`) |\n"), "\(comment)")
        // One hop has nothing between; a long walk keeps its ends.
        var events = Self.app().events
        for id in 3...8 {
            events.append(.created(NodeCreated(id: ObjectID(UInt64(id)), kind: .component, type: "App.C\(id)", parent: ObjectID(UInt64(id - 1)))))
        }
        events.append(.lookup(DependencyLookup(requester: ObjectID(8), name: "analytics", type: "App.Analytics", walk: (1...8).reversed().map { ObjectID(UInt64($0)) }, provider: ObjectID(1), cacheHit: false)))
        events.append(.lookup(DependencyLookup(requester: ObjectID(3), name: "x", type: "App.X", walk: [ObjectID(3), ObjectID(2)], provider: ObjectID(2), cacheHit: false)))
        let deep = try #require(DiffMarkdown().write(old: Self.app(), new: GraphSnapshot(events: events)))
        #expect(deep.contains("| `analytics: Analytics` | `Root` (7 hops, via `C7` → … → `Feed`) |\n"), "\(deep)")
        #expect(deep.contains("| `x: X` | `Root->Feed` (1 hop) |\n"), "\(deep)")
    }

    @Test func newRuleFindingsAreListedAsCheckWordsThem() throws {
        let finding = StaticDiagnostic(
            severity: .error, position: .unknown, message: "Story resolves `analytics` from Root, which the rules forbid",
            details: ["  lookup path: Story -> Feed -> Root", "  fix: provide `analytics` nearer"], ruleID: "forbidden-lookup"
        )
        var diff = GraphDiff(old: Self.app(), new: Self.app())
        #expect(diff.isEmpty)
        diff.newRuleFindings = [finding]
        #expect(diff.text() == "graphinspect diff: 1 change\n+ rule " + finding.formatted() + "\n")
        let comment = try #require(DiffMarkdown().write(old: Self.app(), new: Self.app(), ruleFindings: [finding]))
        #expect(comment.hasPrefix(DiffMarkdown.marker + "\n**graphinspect:** no change of shape, 1 new rule finding\n\n#### New rule findings\n\n| | rule | where | finding |\n"))
        #expect(comment.contains("| ❌ | `forbidden-lookup` | (not known) | Story resolves \\`analytics\\` from Root, which the rules forbid |\n"), "\(comment)")
        #expect(comment.contains("<details><summary>paths and fixes</summary>"))
    }
}
