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
    var unreachedRecords: [Int: FlowAnalysis.UnreachedRecord]? { records.decoded }
    /// The functions `unreachedRecords` holds records of (nil when it is nil), known without
    /// decoding the records.
    var unreachedFunctions: [Int]? { records.functions }
    var records: UnreachedRecords
    /// The types the sources construct (`Constructions.count`'s keys), which an edit that keeps
    /// the fixed point leaves as they were (`BodyEdit.constructs`).
    var constructed: Set<String>
    /// Where the files it was reached with number their functions and which declare each name,
    /// when the check cache keeps it: what reading part of them needs (`PartialReading`).
    var index: ReadingIndex? = nil
}

/// What the functions nothing reaches recorded in the last pass (`SettledState.unreachedRecords`),
/// as the analysis left them or as the cache keeps them, decoded when asked: a check that keeps
/// the last reading asks only which functions they are (`FlowAnalysis.canAdopt`), and decoding
/// them cost about a fifteenth of such a run.
struct UnreachedRecords {
    private enum Form {
        case none
        case decoded([Int: FlowAnalysis.UnreachedRecord])
        /// The functions, and the records as `SettledState.write` wrote them (on their own: their
        /// strings numbered apart from the rest of the file).
        case encoded(functions: [Int], bytes: ArraySlice<UInt8>)
    }

    private let form: Form

    init(_ records: [Int: FlowAnalysis.UnreachedRecord]?) {
        form = records.map(Form.decoded) ?? .none
    }

    init(functions: [Int], encoded bytes: ArraySlice<UInt8>) {
        form = .encoded(functions: functions, bytes: bytes)
    }

    var functions: [Int]? {
        switch form {
        case .none: nil
        case .decoded(let records): Array(records.keys)
        case .encoded(let functions, _): functions
        }
    }

    /// The records; nil when there are none, or (a bug, as the cache file's digest held) they do
    /// not read back whole: the next run then runs every unreached function again.
    var decoded: [Int: FlowAnalysis.UnreachedRecord]? {
        switch form {
        case .none: return nil
        case .decoded(let records): return records
        case .encoded(_, let bytes): return try? Self.decode(bytes)
        }
    }

    /// The records as written, for the cache.
    var encoded: ArraySlice<UInt8>? {
        switch form {
        case .none: return nil
        case .encoded(_, let bytes): return bytes
        case .decoded(let records):
            var out = CacheBytesWriter()
            out.int(records.count)
            for (function, record) in records {
                out.int(function)
                out.write(record)
            }
            return out.bytes[...]
        }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) throws -> [Int: FlowAnalysis.UnreachedRecord] {
        var input = CacheBytesReader(Array(bytes))
        var records: [Int: FlowAnalysis.UnreachedRecord] = [:]
        let count = try input.count(each: 8)
        records.reserveCapacity(count)
        for _ in 0..<count {
            records[try input.int()] = try input.unreachedRecord()
        }
        guard input.isAtEnd else { throw CacheBytesReader.Malformed() }
        return records
    }
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
            known: known, settledNotes: settledNotes, records: UnreachedRecords(unreachedRecords), constructed: constructed
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
        // What the last pass recorded is taken from the state by `record(reusing:)`, which makes
        // this run's own: nothing reads this run's before it.
        unreachedRecords = nil
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
        return state.unreachedFunctions?.allSatisfy(has) ?? true
    }
}
