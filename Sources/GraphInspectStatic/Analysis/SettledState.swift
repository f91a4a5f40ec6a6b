import GraphInspectCheckContract

/// A settled exact run's fixed point, taken out of its analysis so another process can start from
/// it (the check cache keeps it: `CheckCache.settledState`): every site, slot, closure and step
/// the sources reach, the notes that hold whatever is edited, and what each function nothing
/// reaches recorded in the last pass.
///
/// An editor's session takes one from the run it keeps in memory, a check from its cache; both
/// answer an edit that leaves the fixed point as it was through `FixedPointReading`, so a new
/// process answers it as an editor's session does.
struct SettledState {
    var sites: [FlowAnalysis.Site]
    /// Without the slots of the unreached functions' own runs: no other run reads them, and the
    /// last pass makes them again.
    var slots: [FlowAnalysis.Slot: Set<Int>]
    var closures: [Int: FlowAnalysis.ClosureMade]
    var initializerContexts: [Int: Set<Int>]
    var initializerContextsBySite: [Int: [Int]]
    var sitesByType: [String: [Int]]
    var known: [FlowAnalysis.Step]
    var settledNotes: Set<FlowAnalysis.Unresolved>
    /// Nil when one of those runs changed what the others read: the next run runs them all again.
    var unreachedRecords: [Int: FlowAnalysis.UnreachedRecord]?
    /// The types the sources construct (`Constructions.count`'s keys), which an edit that keeps
    /// the fixed point leaves as they were (`BodyEdit.constructs`).
    var constructed: Set<String>
    /// Where the files it was reached with number their functions and which declare each name,
    /// when the check cache keeps it: what reading part of them needs (`PartialReading`).
    var index: ReadingIndex? = nil
}

extension FlowAnalysis {
    /// This run's fixed point, when it is one another run may take: a settled exact run over every
    /// function. Nil otherwise (the next run then reads from nothing). What the last pass changed
    /// beyond the fixed point is undone first (`rollBackTheLastPass`): take it once the graph is
    /// drawn.
    func settledState() -> SettledState? {
        guard relevance == nil, tracker == nil, settledSize != nil else { return nil }
        if recordChangedState { rollBackTheLastPass() }
        return SettledState(
            sites: sites, slots: slots.filter { !$0.key.isOfAnUnreachedRun }, closures: closures,
            initializerContexts: initializerContexts, initializerContextsBySite: initializerContextsBySite, sitesByType: sitesByType,
            known: known, settledNotes: settledNotes, unreachedRecords: unreachedRecords, constructed: constructed
        )
    }

    /// Takes `state` as this run's fixed point, as if this run had settled at it, with the edited
    /// files' positions where they were: what `probe` judges an edit's removed statements
    /// against, before `moveSettledPositions` moves them. This run must be exact, over the same
    /// functions as the run the state was taken from, numbered alike (their bodies may differ),
    /// and not yet run.
    func adopt(_ state: SettledState) {
        sites = state.sites
        var ids: [Site: Int] = [:]
        ids.reserveCapacity(sites.count)
        for (id, site) in sites.enumerated() where ids[site] == nil { ids[site] = id }
        siteIDs = ids
        slots = state.slots
        closures = state.closures
        initializerContexts = state.initializerContexts
        initializerContextsBySite = state.initializerContextsBySite
        sitesByType = state.sitesByType
        known = state.known
        knownSet = Set(state.known)
        settledNotes = state.settledNotes
        unreachedRecords = state.unreachedRecords
        assumingOutsideCode = true
        recordChangedState = false
    }

    /// Whether `state` can be this run's: every function and step it names is one of this run's.
    /// `functionCount`: this run reads part of the sources, whose functions all number that many.
    func canAdopt(_ state: SettledState, functionCount: Int? = nil) -> Bool {
        func has(_ id: Int) -> Bool { functionCount.map { id >= 1 && id <= $0 } ?? (functionsByID[id] != nil) }
        for step in state.known {
            switch step {
            case .function(let id, let context):
                guard has(id), context < state.sites.count else { return false }
            case .properties(let site):
                guard site > 0, site < state.sites.count else { return false }
            case .graph:
                return false
            }
        }
        return state.unreachedRecords?.keys.allSatisfy(has) ?? true
    }
}
