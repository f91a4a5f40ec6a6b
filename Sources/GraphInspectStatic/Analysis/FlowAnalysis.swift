import GraphInspectCheckContract

/// Where values can go: a points-to analysis over the reduced sources.
///
/// A value is an *allocation site*: a `T(...)` call in the source (or a string, for keys). Every
/// variable, parameter, return and field holds the set of sites it may hold; statements add to
/// those sets (flow-insensitive: every branch, any order) until nothing changes. Initialisers run
/// once per site they build, and instance methods once per site of their type (the receiver as
/// context), so a builder's `build` sees only the holders that attach that builder, and a
/// component's `parent` only what was passed when that component was made.
///
/// Then one more pass records what the code looks up: `x.name` where the compiler would find no
/// member `name` on x's declared type (a dynamic-member lookup), `resolve("name")`, and holders'
/// `module(for:)`, `router(for:)` and `holder.key` lookups, each with the sites it starts from.
final class FlowAnalysis {
    static let stringType = "#string"
    /// The type of a closure value's site (`Expr.closure`).
    static let closureType = "#closure"
    /// The type of a call's site (`callContext`): the context a function runs in for one call.
    static let callType = "#call"
    /// Site 0 is `nil`.
    static let nilSite = 0

    /// Whether the last pass changed what others read (an object made, a step known, a slot
    /// grown outside the unreached functions' own runs): the state is then no longer the fixed
    /// point alone, and no later run may take it as one (`adoptSettledState`).
    var recordChangedState = false
    /// How many sites and steps the fixed point had, and what the last pass changed beyond it (each
    /// slot it grew, with what it held before; each initializer entered at a site): what
    /// `rollBackTheLastPass` undoes.
    var settledSize: (sites: Int, known: Int)?
    var lastPassGrew: [(slot: Slot, before: Set<Int>?)] = []
    var lastPassEntered: [(initializer: Int, site: Int)] = []
    /// By function, what each unreached function's run recorded in the last pass; nil when one of
    /// those runs changed the state, or in a coarse run.
    var unreachedRecords: [Int: UnreachedRecord]?
    /// How many times a slot outside the unreached functions' own runs grew, and how many objects
    /// were made: an unreached function's run that grows none and makes none leaves the state as
    /// the others read it. Its own slots (its context is `unreached`, which no call enters) and
    /// the closures it makes (named by that run) are its alone, and a string made is the same
    /// site whichever run makes it, nothing until a slot holds it.
    var slotsGrown = 0
    var objectsMade = 0

    var probing = Probe.off
    var probeFoundEffect = false
    /// The notes that hold whatever the edit (`definiteNotes` once settled, before recording).
    var settledNotes: Set<Unresolved> = []

    /// Every `ClosureCycle` met, once each.
    var closureCycles: Set<ClosureCycle> = []

    struct Unresolved: Hashable {
        var position: SourcePosition
        var message: String
        /// Checked, on an assumption the note states (rather than not checked).
        var assumed = false
        /// The lookup this note leaves unchecked, if it is about one (counted by the summary).
        var lookup: LookupKind?
        /// The lookup is made on a parameter no call in the sources gives a value: code these
        /// sources never reach from a place they build a tree (a library's public function that
        /// another target calls). Counted by one note, not by "a check that checks nothing".
        var givenByCaller = false

        /// `attachment`: an `attach` on a holder the reading could not follow, so what it
        /// attaches is unknown and no module lookup may be said to miss.
        enum LookupKind: Hashable { case dependency, module, attachment }
    }

    let index: TypeIndex
    /// The sources make objects in ways the reading does not follow (`BranchEscapes`): every
    /// branch counts.
    let decidesNoBranch: Bool
    /// `typealias`es of function types: a stored property of one is a closure.
    let closureAliases: Set<String>
    /// Names declared twice that are not graph types (`StaticGraph.Summary.redeclaredOutsideTheGraph`).
    var redeclaredOutsideTheGraph = 0
    let functions: [FunctionIR]
    let topLevel: [FunctionIR]
    let freeFunctions: [String: [FunctionIR]]
    var sites: [Site] = [Site(type: "nil")]
    var siteIDs: [Site: Int] = [:]
    var slots: [Slot: Set<Int>] = [:]
    var initializerContexts: [Int: Set<Int>] = [:]
    var initializerContextsBySite: [Int: [Int]] = [:]
    var sitesByType: [String: [Int]] = [:]
    var recording = false
    var lookups: Set<DependencyLookup> = []
    var moduleLookups: Set<ModuleLookup> = []
    var propertyReads: Set<PropertyRead> = []
    /// Notes about expressions whose receiver held nothing, kept only if no context reached them.
    var pendingNotes: Set<Unresolved> = []
    /// Member positions some context evaluated with a receiver.
    var reached: Set<SourcePosition> = []
    /// What was not checked: expressions no context of their function gave a value to work on.
    var unresolved: Set<Unresolved> { pendingNotes.filter { !reached.contains($0.position) }.union(definiteNotes) }
    /// Notes that hold whatever the receiver (a name built at run time).
    var definiteNotes: Set<Unresolved> = []

    /// How a run goes: `exact` runs every step (or only those `Relevance` keeps); `coarse` keeps
    /// one site per type and logs what each step reads, writes and causes (`RelevanceTracker`).
    enum Mode {
        case exact(Relevance?)
        case coarse
    }

    /// Set in a coarse run.
    let tracker: RelevanceTracker?
    /// Set in a pruned exact run: the steps outside it are not run.
    let relevance: Relevance?

    /// Types some code in the sources constructs, reached or not (`Constructions`).
    let constructed: Set<String>

    /// The statements left out of what runs (`analysedBody`), judged by every name the sources declare.
    let inert: InertStatements
    /// Each function's body as it runs, once a step has run it: without its inert statements.
    var analysedBodies: [Int: [Statement]] = [:]
    /// False to run the inert statements too: the tests' proof that leaving them out changes nothing.
    var leavesOutInertStatements = true

    /// `index` is the reader's (`TypeIndex(types: reader.types, ...)`), `constructed` its
    /// `Constructions.count` and `tables` its `FunctionTables`, made here when not given: the
    /// coarse and exact runs share them.
    init(
        reader: SourceReader, mode: Mode = .exact(nil), index: TypeIndex? = nil, constructed: [String: Int]? = nil, inert: InertStatements? = nil,
        tables: FunctionTables? = nil
    ) {
        self.constructed = Set((constructed ?? Constructions.count(in: reader)).keys)
        decidesNoBranch = reader.escapesBranchDecisions
        closureAliases = reader.closureAliases
        switch mode {
        case .exact(let relevance):
            self.relevance = relevance
            tracker = nil
        case .coarse:
            relevance = nil
            tracker = RelevanceTracker()
        }
        self.index = index ?? TypeIndex(types: reader.types, shadowed: reader.shadowed)
        self.inert = inert ?? InertStatements.of(index: self.index, freeFunctions: reader.freeFunctions, topLevel: reader.topLevel)
        topLevel = reader.topLevel
        freeFunctions = reader.freeFunctions
        let tables = tables ?? FunctionTables(reader)
        functions = tables.functions
        functionsByID = tables.byID
        instanceFunctions = tables.instanceFunctions
        for (name, first, again) in reader.redeclared {
            // Merging two types the graph never uses changes nothing it reports: counted, not said.
            guard self.index.isGraphType(name) else {
                redeclaredOutsideTheGraph += 1
                continue
            }
            definiteNotes.insert(Unresolved(
                position: again, message: "\(name) is also declared at \(first); the reader matches types by name, so both are read as one", assumed: true
            ))
        }
    }

    /// Runs to a fixed point, then records lookups. A worklist: a step runs again only when a
    /// slot it read has grown, or when it is new (a new site's methods, an init entered at a new
    /// site). Slots only grow and are finite (sites are source positions), so it ends; a chain
    /// 10,000 builders deep settles in one sweep down it, not 10,000 passes over everything.
    func run() {
        settle()
        record()
    }

    /// Runs to the least fixed point: every slot, site and step the sources reach, and the roots
    /// code outside them makes. What `record` reads, and all an edit that leaves it unchanged
    /// keeps (`adoptSettledState`).
    func settle() {
        for function in topLevel { schedule(.function(id: function.id, context: Self.noReceiver)) }
        for list in freeFunctions.values { for function in list { schedule(.function(id: function.id, context: Self.noReceiver)) } }
        for function in functions where function.isStatic { schedule(.function(id: function.id, context: Self.noReceiver)) }
        drain()
        // Code outside the sources read (an `@main` type in another target, a test) may make the
        // root holder; and a parameter declared as a concrete app class holds one of those even
        // when no call in the sources passes it. Both are made as "made elsewhere" sites.
        // One at a time, draining after each, and those no code constructs first: a holder made
        // elsewhere may attach a builder that makes another, which is then made in the sources.
        assumingOutsideCode = true
        let holders = index.types.keys.sorted().filter { name in
            guard let type = index.types[name] else { return false }
            return type.kind == .class && !type.isLibrary && index.isHolder(name)
        }
        for name in holders.filter({ !constructed.contains($0) }) + holders.filter({ constructed.contains($0) })
        where sitesByType[name] == nil {
            _ = madeElsewhere(name)
            if let position = index.types[name]?.position {
                definiteNotes.insert(Unresolved(position: position, message: "\(name) is not made in the sources read: checked as made by code outside them, with what its init declares", assumed: true))
            }
            drain()
        }
        settledNotes = definiteNotes
    }

    /// The last pass: records what the code looks up, at the fixed point `settle` reached.
    ///
    /// `previous`: what the unreached functions' runs recorded in a run this one took its fixed
    /// point from (`adoptSettledState`), each reused unless its function is in `rerunning`. False
    /// when a run here changed the state (made an object, grew a slot), so what was reused may not
    /// hold: the caller reads again from nothing.
    @discardableResult
    func record(reusing previous: [Int: UnreachedRecord]? = nil, rerunning rerun: Set<Int> = []) -> Bool {
        // The last pass records lookups, once for every step; and runs the functions nothing in
        // the sources reaches, so their lookups are noted as not checked rather than lost.
        recording = true
        currentStep = nil
        let settled = (objectsMade, knownSet.count, slotsGrown)
        settledSize = (sites.count, known.count)
        defer { recordChangedState = settled != (objectsMade, knownSet.count, slotsGrown) }
        for step in known { execute(step) }
        unreachedRecords = tracker == nil ? [:] : nil
        for function in functions where isUnreached(function) {
            if let kept = previous?[function.id], !rerun.contains(function.id) {
                kept.merge(into: self)
                unreachedRecords?[function.id] = kept
                continue
            }
            tracker?.current = .function(id: function.id, context: Self.unreached)
            let before = (objectsMade, knownSet.count, slotsGrown)
            let outer = UnreachedRecord.takeOut(of: self)
            run(function, context: Self.unreached, selfSites: [])
            let made = UnreachedRecord.takeOut(of: self)
            outer.putBack(into: self)
            made.merge(into: self)
            if before != (objectsMade, knownSet.count, slotsGrown) {
                unreachedRecords = nil
                if previous != nil { return false }
            } else {
                unreachedRecords?[function.id] = made
            }
        }
        tracker?.current = nil
        return true
    }

    /// What the exact run must run, from this coarse run's log.
    func learntRelevance() -> Relevance? {
        guard let tracker else { return nil }
        readAsTheGraphBuilderDoes()
        var owned: Set<Int> = []
        for function in functionsByID.values {
            if let owner = function.owner, index.isGraphType(owner) { owned.insert(function.id) }
        }
        let types = Set(sites.lazy.map(\.type).filter { self.index.isGraphType($0) })
        return tracker.relevance(owned: owned, ownedTypes: types) { self.sites[$0].type }
    }

    /// Steps waiting to run, in order, and every step ever scheduled (what the last pass runs).
    var queue: [Step] = []
    var queueHead = 0
    var queued: Set<Step> = []
    var known: [Step] = []
    var knownSet: Set<Step> = []
    /// Which steps read each slot: they run again when it grows.
    var readers: [Slot: Set<Step>] = [:]
    var currentStep: Step?
    let functionsByID: [Int: FunctionIR]
    /// Instance methods and getters by the type declaring them, run for every site of that type.
    let instanceFunctions: [String: [FunctionIR]]

    /// Whether the roots made outside the sources read are assumed (the second settling).
    var assumingOutsideCode = false

    /// Whether a context is the init of a site made by code the reader did not see: only there do
    /// parameters nothing passes stand for their declared class.
    func isMadeElsewhere(_ call: Int) -> Bool {
        let context = receiver(ofCall: call) ?? call
        return Self.isSite(context) && context < sites.count && sites[context].type != Self.stringType && sites[context].text == "made elsewhere"
    }

    /// The one site standing for objects of `type` made by code the reader did not see.
    func madeElsewhere(_ type: String) -> Int {
        let made = site(Site(type: type, position: index.types[type]?.position, text: "made elsewhere"))
        for initializer in index.types[type]?.initializers ?? [] { enter(initializer, at: made) }
        if index.types[type]?.initializers.isEmpty ?? true, let inherited = index.superclassName(of: type),
           let initializer = index.initializer(of: inherited, labels: ["parent"]) {
            // No init of its own: `Component.init(parent:)`, with a parent nobody in the sources gives.
            enter(initializer, at: made)
        }
        return made
    }

    /// What a slot holds. Read during a step, the step is noted as depending on it.
    func values(_ slot: Slot) -> Set<Int> {
        if let currentStep { readers[slot, default: []].insert(currentStep) }
        tracker?.read(slot)
        return slots[slot] ?? []
    }

    /// The strings a slot may hold (keys).
    func strings(_ slot: Slot) -> Set<String> {
        Set(values(slot).compactMap { sites[$0].type == Self.stringType ? sites[$0].text : nil })
    }


    /// What each step calls and builds (recorded on the last pass).
    var calls: [Step: Set<Step>] = [:]

    var builds: [Step: Set<Int>] = [:]

    var closures: [Int: ClosureMade] = [:]

    /// The contexts that are not a receiver's site (a positive context is the site a method or
    /// initialiser runs for). A coarse run's one context for all receivers (site 0 is `nil`,
    /// never a receiver).
    static let anyReceiver = 0
    /// A function with no receiver (top level, free, static) runs once, in this context.
    static let noReceiver = -1
    /// The last pass runs each app function nothing reached in this context, so its lookups are
    /// noted as not checked rather than lost.
    static let unreached = -2
    /// The function of a coarse run's `self` slots, which belong to a type, not to a function.
    static let noFunction = -1

    /// Whether a context is a receiver's site.
    static func isSite(_ context: Int) -> Bool { context > 0 }

    // MARK: Storage

    func site(_ site: Site) -> Int {
        var site = site
        // A coarse run keeps one site per type (and per "made elsewhere").
        if let tracker {
            if site.type != Self.stringType, site.type != Self.closureType, site.type != Self.callType { site.position = nil }
            if index.isGraphType(site.type) { tracker.produced() }
        }
        if let id = siteIDs[site] {
            tracker?.created(id)
            // An object made by a statement an edit removes: the removal may unmake it.
            if probing == .mustDoNothing, !Self.isValueType(site.type) { probeFoundEffect = true }
            return id
        }
        // A new object or closure is a new fact; a new string is inert until a slot holds it.
        if probing != .off, site.type != Self.stringType {
            probeFoundEffect = true
            return Self.nilSite
        }
        let id = sites.count
        if !Self.isValueType(site.type) { objectsMade += 1 }
        sites.append(site)
        siteIDs[site] = id
        tracker?.created(id)
        // Strings, closures and calls have no methods or properties to run.
        if !Self.isValueType(site.type) {
            for type in index.supertypes(of: site.type) {
                sitesByType[type, default: []].append(id)
                if tracker != nil { add(selfSlot(type), [id]) }
                for function in instanceFunctions[type] ?? [] { schedule(.function(id: function.id, context: contextOf(id))) }
            }
            schedule(.properties(site: id))
        }
        return id
    }

    func add(_ slot: Slot, _ values: Set<Int>) {
        guard !values.isEmpty else { return }
        if probing != .off {
            if probing == .mustDoNothing || !values.isSubset(of: slots[slot] ?? []) { probeFoundEffect = true }
            return
        }
        tracker?.wrote(slot)
        let existing = slots[slot]
        if let existing {
            guard !values.isSubset(of: existing) else { return }
            slots[slot] = existing.union(values)
        } else {
            slots[slot] = values
        }
        if !slot.isOfAnUnreachedRun {
            slotsGrown += 1
            if recording { lastPassGrew.append((slot, existing)) }
        }
        for reader in readers[slot] ?? [] { schedule(reader) }
    }
}
