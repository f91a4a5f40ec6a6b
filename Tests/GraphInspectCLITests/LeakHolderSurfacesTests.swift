import Foundation
import GraphInspect
import GraphInspectPages
import GraphInspectReview
import GraphInspectText
import Testing

/// What holds a leak (a `held` event) shows wherever leaks show: dump's text and JSON (and read
/// back from it), the explorer, the live page, diff and its review comment.
@Suite struct LeakHolderSurfacesTests {
    /// A root holder whose component keeps the settings module it detached at 1 s, in
    /// `lastScreen`; searched at the end (the `held` line the app writes at exit), ended at 5 s.
    static func leaking() -> GraphSnapshot {
        let component = ObjectID(1), holder = ObjectID(2), module = ObjectID(3)
        return GraphSnapshot(events: [
            .created(NodeCreated(id: component, kind: .component, type: "App.AppComponent")),
            .created(NodeCreated(id: holder, kind: .holder, type: "App.RootHolder", key: "root", component: component)),
            .created(NodeCreated(id: module, kind: .module, type: "App.SettingsModule", key: "settings", parent: holder)),
            .moduleAttached(ModuleAttachment(holder: holder, module: module)),
            .moduleDetached(ModuleAttachment(holder: holder, module: module, time: 1_000_000_000)),
            .held(HeldBy(id: module, holder: component, path: ".lastScreen")),
            .ended(RunEnded(time: 5_000_000_000)),
        ])
    }

    static let line = "held by AppComponent #1 .lastScreen"
    static let fix = "fix: clear `.lastScreen` of AppComponent #1 when SettingsModule is let go, or make it weak"

    @Test func dumpsTextAndJSONCarryIt() throws {
        let snapshot = Self.leaking()
        #expect(TreeTextWriter().write(snapshot).contains("\n    " + Self.line + "\n"))
        // The JSON keeps the held event; read back, the report names the holder.
        let json = try SnapshotJSONWriter().write(snapshot.withRetainedVerdicts(grace: RetainedAfterDetach.defaultGrace))
        #expect(json.contains("\"event\" : \"held\""))
        let read = try JSONDecoder().decode(GraphSnapshot.self, from: Data(json.utf8))
        let leak = try #require(RetainedAfterDetach.find(in: read).first)
        #expect(leak.report(in: read, grace: RetainedAfterDetach.defaultGrace).contains("\n  " + Self.line + "\n  " + Self.fix))
    }

    @Test func theExplorerAndTheLivePageShowIt() {
        let snapshot = Self.leaking()
        #expect(ExplorerData.pageRetained(of: snapshot, grace: RetainedAfterDetach.defaultGrace).contains(Self.line))
        #expect(ExplorerData.retained(of: snapshot, grace: RetainedAfterDetach.defaultGrace, now: nil).contains(Self.line))
    }

    @Test func diffAndItsCommentShowIt() {
        var fixedEvents = Self.leaking().events.filter { if case .held = $0 { false } else { true } }
        fixedEvents.insert(.released(Released(id: ObjectID(3), time: 2_000_000_000)), at: fixedEvents.count - 1)
        let fixed = GraphSnapshot(events: fixedEvents), leaking = Self.leaking()
        #expect(GraphDiff(old: fixed, new: leaking).leakReports.values.contains { $0.contains(Self.line) })
        #expect(DiffMarkdown().write(old: fixed, new: leaking)?.contains(Self.line) == true)
    }
}
