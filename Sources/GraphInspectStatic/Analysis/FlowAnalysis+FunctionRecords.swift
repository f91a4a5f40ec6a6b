import GraphInspectCheckContract

/// What the last pass records of some functions alone: what an edit of their bodies that keeps
/// the fixed point can change of a reading (`FixedPointReading.keepsRecords`).
///
/// Why that is all: at a fixed point, a function's runs in the last pass read the fixed point and
/// its own statements, nothing another run records. So the graph drawn after an edit that keeps
/// the fixed point differs from the one before only where the edited functions' runs record
/// something else. `calls` decide only whether a loop the graph meets is one that never ends
/// (`buildsItself`), so they matter only to a graph that meets loops.
extension FlowAnalysis {
    struct FunctionRecords: Equatable {
        var lookups: Set<DependencyLookup> = []
        var moduleLookups: Set<ModuleLookup> = []
        var propertyReads: Set<PropertyRead> = []
        /// The notes about expressions whose receiver held nothing in every context: a position
        /// is one expression of one function, so only that function's runs reach it
        /// (`FlowAnalysis.unresolved`).
        var unreachedNotes: Set<Unresolved> = []
        var definiteNotes: Set<Unresolved> = []
        var closureCycles: Set<ClosureCycle> = []
        var calls: [Step: Set<Step>] = [:]
        var builds: [Step: Set<Int>] = [:]

        /// The same records with every position `move` maps moved; nil when a position in one of
        /// `files` is not one it maps (an edited statement's own).
        func moved(in files: Set<String>, by move: (SourcePosition) -> SourcePosition?) -> FunctionRecords? {
            var failed = false
            func to(_ position: SourcePosition) -> SourcePosition {
                guard files.contains(position.file) else { return position }
                guard let moved = move(position) else {
                    failed = true
                    return position
                }
                return moved
            }
            func notes(_ notes: Set<Unresolved>) -> Set<Unresolved> {
                Set(notes.map { note in
                    var note = note
                    note.position = to(note.position)
                    return note
                })
            }
            var out = self
            out.lookups = Set(lookups.map { lookup in
                var lookup = lookup
                lookup.position = to(lookup.position)
                return lookup
            })
            out.moduleLookups = Set(moduleLookups.map { lookup in
                var lookup = lookup
                lookup.position = to(lookup.position)
                return lookup
            })
            out.propertyReads = Set(propertyReads.map { read in
                var read = read
                read.position = to(read.position)
                return read
            })
            out.unreachedNotes = notes(unreachedNotes)
            out.definiteNotes = notes(definiteNotes)
            out.closureCycles = Set(closureCycles.map { cycle in
                var cycle = cycle
                cycle.position = to(cycle.position)
                return cycle
            })
            return failed ? nil : out
        }
    }

    /// What the last pass records of `functions` (each numbered as the function it stands for,
    /// its body the one to judge): their runs in every context they ran in at the fixed point,
    /// and the run as unreached of an app function nothing reaches, as `record` runs it. What
    /// this analysis recorded before is left as it was. Nil when a run changed the state (made
    /// an object, knew a step, grew a slot other runs read): the fixed point would not stand.
    func records(of functions: [FunctionIR]) -> FunctionRecords? {
        let wasRecording = recording
        let outer = UnreachedRecord.takeOut(of: self)
        let outerCalls = calls, outerBuilds = builds
        calls = [:]
        builds = [:]
        recording = true
        currentStep = nil
        let before = (objectsMade, knownSet.count, slotsGrown)
        defer {
            recording = wasRecording
            calls = outerCalls
            builds = outerBuilds
            outer.putBack(into: self)
        }
        var contexts: [Int: [Int]] = [:]
        let ids = Set(functions.map(\.id))
        for step in known {
            if case .function(let id, let context) = step, ids.contains(id) { contexts[id, default: []].append(context) }
        }
        for function in functions {
            // Its body as this run would leave it out, judged afresh: the same number may have
            // stood for another body of it.
            analysedBodies[function.id] = nil
            for context in contexts[function.id] ?? [] {
                run(function, context: context, selfSites: Self.isSite(context) ? [context] : [])
            }
            if isUnreached(function) {
                forgetUnreachedRun(of: function.id)
                run(function, context: Self.unreached, selfSites: [])
                forgetUnreachedRun(of: function.id)
            }
            analysedBodies[function.id] = nil
        }
        guard before == (objectsMade, knownSet.count, slotsGrown) else { return nil }
        return FunctionRecords(
            lookups: lookups, moduleLookups: moduleLookups, propertyReads: propertyReads, unreachedNotes: pendingNotes.filter { !reached.contains($0.position) },
            definiteNotes: definiteNotes, closureCycles: closureCycles, calls: calls, builds: builds
        )
    }

    /// Whether the last pass runs `function` as unreached (`record`): an app type's function
    /// that no context reached.
    func isUnreached(_ function: FunctionIR) -> Bool {
        guard !function.isStatic, let owner = function.owner, index.isAppType(owner), relevance?.functions.contains(function.id) ?? true else { return false }
        return function.kind == .initializer ? (initializerContexts[function.id] ?? []).isEmpty : sitesByType[owner] == nil
    }

    /// Drops the slots of `id`'s run as unreached, so the next such run starts from none, as the
    /// last pass's does.
    private func forgetUnreachedRun(of id: Int) {
        let gone = slots.keys.filter { $0.isOfAnUnreachedRun && $0.function == id }
        for slot in gone { slots[slot] = nil }
    }
}

extension FlowAnalysis.Slot {
    /// The function whose run the slot belongs to; nil for a field.
    var function: Int? {
        switch self {
        case .parameter(let function, _, _), .local(let function, _, _), .result(let function, _), .closureResult(let function, _, _): function
        case .field: nil
        }
    }
}
