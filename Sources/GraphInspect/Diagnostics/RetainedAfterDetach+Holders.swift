/// Naming what holds a leak: each node alive after its owner let it go is searched for among the
/// live objects (`HolderSearch`), and the answer recorded as a `held` event, so a trace, a
/// snapshot's JSON and every report built from them say it.
extension RetainedAfterDetach {
    /// Searches the live objects for what holds each node alive after its owner let it go in
    /// `events` (as reported, with the runtime's ids), and reports one `held` event for each to
    /// `observer`. Nothing is searched, or reported, when nothing was let go and is still alive.
    static func reportHolders(of events: [GraphEvent], to observer: any GraphObserver) {
        var builder = SnapshotBuilder()
        for event in events { builder.apply(event) }
        let snapshot = builder.snapshot
        let found = find(in: snapshot, grace: 0, now: RecordingClock.now())
        guard !found.isEmpty else { return }
        let raw = builder.rawIDs
        func runtimeID(_ id: ObjectID) -> ObjectID { raw[Int(id.rawValue) - 1] }
        var parts: [ObjectID: Set<ObjectID>] = [:]
        for retained in found {
            parts[runtimeID(retained.node)] = Set(([retained.node] + retained.aliveBelow).map(runtimeID))
        }
        let targets = found.map { runtimeID($0.node) }
        let objects = HolderSearch.liveObjects(among: Set(builder.rawIDs))
        for held in HolderSearch.search(targets: targets, parts: parts, among: objects) {
            observer.record(.held(held))
        }
    }
}

extension GraphRecorder {
    /// Searches the live objects for what holds each node this recording saw let go and still
    /// alive, and records a `held` event for each: what the test library does before it reports
    /// a leak, so the report names the holder.
    public func recordLeakHolders() {
        RetainedAfterDetach.reportHolders(of: events, to: self)
    }
}
