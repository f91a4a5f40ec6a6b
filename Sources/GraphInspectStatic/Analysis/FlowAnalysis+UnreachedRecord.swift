import GraphInspectCheckContract

extension FlowAnalysis {
    /// What one unreached function's run in the last pass recorded. Kept (`unreachedRecords`)
    /// while no such run changes the state, so each is a function of the fixed point and its own
    /// body alone.
    struct UnreachedRecord {
        var lookups: Set<DependencyLookup>
        var moduleLookups: Set<ModuleLookup>
        var propertyReads: Set<PropertyRead>
        var pendingNotes: Set<Unresolved>
        var definiteNotes: Set<Unresolved>
        var reached: Set<SourcePosition>
        var closureCycles: Set<ClosureCycle>

        /// What `analysis` has recorded, leaving it empty.
        static func takeOut(of analysis: FlowAnalysis) -> UnreachedRecord {
            defer {
                analysis.lookups = []
                analysis.moduleLookups = []
                analysis.propertyReads = []
                analysis.pendingNotes = []
                analysis.definiteNotes = []
                analysis.reached = []
                analysis.closureCycles = []
            }
            return UnreachedRecord(
                lookups: analysis.lookups, moduleLookups: analysis.moduleLookups, propertyReads: analysis.propertyReads,
                pendingNotes: analysis.pendingNotes, definiteNotes: analysis.definiteNotes, reached: analysis.reached, closureCycles: analysis.closureCycles
            )
        }

        /// Gives what `takeOut` took back to an analysis that has recorded nothing since.
        func putBack(into analysis: FlowAnalysis) {
            analysis.lookups = lookups
            analysis.moduleLookups = moduleLookups
            analysis.propertyReads = propertyReads
            analysis.pendingNotes = pendingNotes
            analysis.definiteNotes = definiteNotes
            analysis.reached = reached
            analysis.closureCycles = closureCycles
        }

        func merge(into analysis: FlowAnalysis) {
            analysis.lookups.formUnion(lookups)
            analysis.moduleLookups.formUnion(moduleLookups)
            analysis.propertyReads.formUnion(propertyReads)
            analysis.pendingNotes.formUnion(pendingNotes)
            analysis.definiteNotes.formUnion(definiteNotes)
            analysis.reached.formUnion(reached)
            analysis.closureCycles.formUnion(closureCycles)
        }
    }
}
