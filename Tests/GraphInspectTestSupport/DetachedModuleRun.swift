import GraphInspect

/// A recording of a module detached from its holder, released or still alive: a leak and its fix.
package enum DetachedModuleRun {
    /// A root holder with a settings module, detached at 1 s; released at 2 s when `releases`;
    /// the recording ends at 5 s.
    package static func snapshot(releases: Bool, timed: Bool = true) -> GraphSnapshot {
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
}
