import Foundation
import GraphInspect
import GraphInspectReview
import Testing

/// `diff` and its comment show leaks (modules retained after detach) new in the new recording and
/// fixed since the old one, and say nothing of leaks when a recording has no times to tell by.
@Suite struct DiffLeaksTests {
    /// A root holder with a settings module, detached at 1 s; released at 2 s when `releases`;
    /// the recording ends at 5 s.
    static func run(releases: Bool, timed: Bool = true) -> GraphSnapshot {
        let holder = ObjectID(1), module = ObjectID(2)
        var events: [GraphEvent] = [
            .created(NodeCreated(id: holder, kind: .holder, type: "App.RootHolder", key: "root")),
            .created(NodeCreated(id: module, kind: .module, type: "App.SettingsModule", key: "settings", parent: holder)),
            .moduleAttached(ModuleAttachment(holder: holder, module: module)),
            .moduleDetached(ModuleAttachment(holder: holder, module: module, time: timed ? 1_000_000_000 : nil)),
        ]
        if releases { events.append(.released(Released(id: module, time: timed ? 2_000_000_000 : nil))) }
        if timed { events.append(.ended(RunEnded(time: 5_000_000_000))) }
        return GraphSnapshot(events: events)
    }

    @Test func aLeakIsNewOrFixed() {
        let leaking = Self.run(releases: false), fixed = Self.run(releases: true)
        let new = GraphDiff(old: fixed, new: leaking)
        #expect(new.newLeaks == [#"module ^->RootHolder "root"->SettingsModule "settings""#])
        // A released module is not in a run's tree: the leaking run has one more module, and a leak.
        #expect(new.text() == """
            graphinspect diff: 2 changes
            + module ^->RootHolder "root"->SettingsModule "settings"
            + retained after detach (a leak): module ^->RootHolder "root"->SettingsModule "settings"

            """)
        let comment = DiffMarkdown().write(old: fixed, new: leaking) ?? ""
        #expect(comment.contains("**graphinspect:** +1 module, 1 new leak\n"))
        #expect(comment.contains("#### New leaks (retained after detach)\n\n- `RootHolder \"root\"->SettingsModule \"settings\"`\n  <details><summary>why</summary>"))
        #expect(comment.contains("retained after detach: SettingsModule \"settings\" #2 is still alive 4.00 s after RootHolder \"root\" #1 detached it"))
        let gone = GraphDiff(old: leaking, new: fixed)
        #expect(gone.fixedLeaks.count == 1 && gone.newLeaks.isEmpty)
        #expect(gone.text().contains("- retained after detach (a leak, fixed): module ^->RootHolder \"root\"->SettingsModule \"settings\"\n"))
        #expect(DiffMarkdown().write(old: leaking, new: fixed)?.contains("**graphinspect:** -1 module, 1 fixed leak\n") == true)
        // The same leak in both: no change.
        #expect(GraphDiff(old: leaking, new: Self.run(releases: false)).isEmpty)
    }

    /// Against a recording with no times (a snapshot's JSON, a baseline), no leak is new or fixed.
    @Test func noTimesNoVerdict() {
        let untimed = GraphDiff(old: Self.run(releases: true, timed: false), new: Self.run(releases: false))
        #expect(untimed.newLeaks.isEmpty && untimed.fixedLeaks.isEmpty)
        #expect(GraphDiff(old: Self.run(releases: false), new: Self.run(releases: false, timed: false)).isEmpty)
    }
}
