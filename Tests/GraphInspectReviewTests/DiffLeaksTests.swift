import Foundation
import GraphInspect
import GraphInspectReview
import Testing
import GraphInspectTestSupport

/// `diff` and its comment show leaks (modules retained after detach) new in the new recording and
/// fixed since the old one, and say nothing of leaks when a recording has no times to tell by.
@Suite struct DiffLeaksTests {
    @Test func aLeakIsNewOrFixed() {
        let leaking = DetachedModuleRun.snapshot(releases: false), fixed = DetachedModuleRun.snapshot(releases: true)
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
        #expect(GraphDiff(old: leaking, new: DetachedModuleRun.snapshot(releases: false)).isEmpty)
    }

    /// Against a recording with no times (a snapshot's JSON, a baseline), no leak is new or fixed.
    @Test func noTimesNoVerdict() {
        let untimed = GraphDiff(old: DetachedModuleRun.snapshot(releases: true, timed: false), new: DetachedModuleRun.snapshot(releases: false))
        #expect(untimed.newLeaks.isEmpty && untimed.fixedLeaks.isEmpty)
        #expect(GraphDiff(old: DetachedModuleRun.snapshot(releases: false), new: DetachedModuleRun.snapshot(releases: false, timed: false)).isEmpty)
    }
}
