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

    /// Moves the positions of the edited `files` in the fixed point this run adopted
    /// (`adopt`) by `move` (nil for a position an edit does not keep: false is then returned,
    /// and the state is not to be used), and takes the notes that hold whatever the edit as
    /// this run's.
    func moveSettledPositions(files: Set<String>, move: (SourcePosition) -> SourcePosition?) -> Bool {
        func moved(_ position: SourcePosition?) -> SourcePosition?? {
            guard let position, files.contains(position.file) else { return .some(position) }
            return move(position).map { .some($0) }
        }
        // Sites are named by where they are made: each moved one is renamed in `siteIDs` (moves
        // keep positions apart, so no two sites become one).
        var renamed: [(from: Site, to: Site, id: Int)] = []
        for index in sites.indices where sites[index].position.map({ files.contains($0.file) }) == true {
            guard let position = moved(sites[index].position) else { return false }
            let from = sites[index]
            sites[index].position = position
            renamed.append((from, sites[index], index))
        }
        var notes: Set<Unresolved> = []
        for var note in settledNotes {
            guard let position = moved(note.position) else { return false }
            note.position = position ?? note.position
            notes.insert(note)
        }
        // A closure's result slot is named by where it is written (found first, then moved: a
        // table changed while it is walked is copied whole).
        var results: [(id: Int, from: Slot, to: Slot)] = []
        for (id, closure) in closures {
            guard case .closureResult(let function, let context, let position) = closure.result, files.contains(position.file) else { continue }
            guard let to = move(position) else { return false }
            results.append((id, closure.result, Slot.closureResult(function: function, context: context, position: to)))
        }
        for (id, from, to) in results {
            let values = slots.removeValue(forKey: from)
            closures[id]?.result = to
            if let values { slots[to] = values }
        }
        for (from, _, _) in renamed { siteIDs[from] = nil }
        for (_, to, id) in renamed where siteIDs[to] == nil { siteIDs[to] = id }
        definiteNotes.formUnion(notes)
        settledNotes = definiteNotes
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
