import GraphInspectCheckContract

/// An edit of function bodies answered from the last fixed point, without settling again.
///
/// Why it holds: the analysis is monotone, and its result is the least fixed point of what every
/// statement adds. A statement an edit removes that adds nothing at the old fixed point adds
/// nothing below it either, so the old program without it settles at the same point. A statement
/// an edit adds whose additions at that point are already there leaves it a fixed point, and no
/// smaller one can hold what the other statements add. Both are judged by running the
/// statements in every context their function ran in, writing nothing (`Probe`). The fixed point
/// then stands, and only the last pass (`record`) runs again, over the edited bodies.
extension FlowAnalysis {
    /// Whether `statements` of `function` change nothing in any context it ran in, judged as
    /// `mode` says. Writes nothing the fixed point holds.
    func probe(_ statements: [Statement], of function: FunctionIR, mode: Probe) -> Bool {
        // An inert statement is never run (`analysedBody`): nothing to judge.
        let statements = leavesOutInertStatements ? statements.filter { !inert.isInert($0, in: function) } : statements
        guard !statements.isEmpty else { return true }
        // Nothing is recorded either: a run that keeps its fixed point keeps its findings too.
        let wasRecording = recording
        probing = mode
        probeFoundEffect = false
        recording = false
        currentStep = nil
        defer {
            probing = .off
            recording = wasRecording
        }
        for step in known {
            guard case .function(let id, let context) = step, id == function.id else { continue }
            run(statements, of: function, context: context, selfSites: Self.isSite(context) ? [context] : [])
            if probeFoundEffect { return false }
        }
        return true
    }

    /// Takes `old`'s fixed point as this run's, the positions of one file moved by `move` (nil
    /// for a position the edit does not keep: the state is then not taken, and false returned).
    /// `old` must be a settled exact run over the same functions, numbered alike, and is emptied.
    func adoptSettledState(of old: FlowAnalysis, file: String, move: (SourcePosition) -> SourcePosition?) -> Bool {
        guard old.relevance == nil, relevance == nil, old.tracker == nil, tracker == nil, old.settledSize != nil else { return false }
        if old.recordChangedState { old.rollBackTheLastPass() }
        func moved(_ position: SourcePosition?) -> SourcePosition?? {
            guard let position, position.file == file else { return .some(position) }
            return move(position).map { .some($0) }
        }
        var sites = old.sites
        for index in sites.indices {
            guard let position = moved(sites[index].position) else { return false }
            sites[index].position = position
        }
        var notes: Set<Unresolved> = []
        for var note in old.settledNotes {
            guard let position = moved(note.position) else { return false }
            note.position = position ?? note.position
            notes.insert(note)
        }
        // The last pass's runs of unreached functions start afresh (`record` reuses what they
        // recorded, or runs them again). A closure's result slot is named by where it is written.
        var slots = old.slots.filter { !$0.key.isOfAnUnreachedRun }
        old.slots = [:]
        var closures = old.closures
        for (id, closure) in closures {
            guard let position = old.sites[id].position, position.file == file else { continue }
            guard let to = move(position) else { return false }
            let slot = Slot.closureResult(function: closure.function, context: closure.context, position: to)
            let values = slots.removeValue(forKey: closure.result)
            closures[id]?.result = slot
            if let values { slots[slot] = values }
        }
        self.sites = sites
        siteIDs = Dictionary(sites.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.slots = slots
        self.closures = closures
        initializerContexts = old.initializerContexts
        initializerContextsBySite = old.initializerContextsBySite
        sitesByType = old.sitesByType
        known = old.known
        knownSet = old.knownSet
        definiteNotes.formUnion(notes)
        settledNotes = definiteNotes
        assumingOutsideCode = true
        return true
    }

    /// Undoes what the last pass changed beyond the fixed point (objects the functions nothing
    /// reaches made, what they entered and wrote), so the state is the fixed point alone again.
    func rollBackTheLastPass() {
        guard let (siteCount, knownCount) = settledSize else { return }
        for (slot, before) in lastPassGrew.reversed() { slots[slot] = before }
        for (initializer, site) in lastPassEntered {
            initializerContexts[initializer]?.remove(site)
            if initializerContexts[initializer]?.isEmpty == true { initializerContexts[initializer] = nil }
            initializerContextsBySite[site]?.removeAll { $0 == initializer }
            if initializerContextsBySite[site]?.isEmpty == true { initializerContextsBySite[site] = nil }
        }
        for site in sites[siteCount...] { siteIDs[site] = nil }
        for id in siteCount..<sites.count { closures[id] = nil }
        sites.removeLast(sites.count - siteCount)
        for (type, ids) in sitesByType where ids.contains(where: { $0 >= siteCount }) {
            let kept = ids.filter { $0 < siteCount }
            sitesByType[type] = kept.isEmpty ? nil : kept
        }
        for step in known[knownCount...] { knownSet.remove(step) }
        known.removeLast(known.count - knownCount)
        lastPassGrew = []
        lastPassEntered = []
        recordChangedState = false
    }
}
