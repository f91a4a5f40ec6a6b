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
    struct Site: Hashable {
        /// The type built, or `Self.stringType` for a string value.
        var type: String
        var position: SourcePosition?
        var text: String?
    }

    static let stringType = "#string"
    /// The type of a closure value's site (`Expr.closure`).
    static let closureType = "#closure"
    /// Site 0 is `nil`.
    static let nilSite = 0

    enum Slot: Hashable {
        case parameter(function: Int, context: Int, name: String)
        case local(function: Int, context: Int, name: String)
        case field(site: Int, name: String)
        case result(function: Int, context: Int)
    }

    /// A dependency lookup the code makes, from one site.
    struct DependencyLookup: Hashable {
        var requester: Int
        var name: String
        var type: WrittenType?
        var position: SourcePosition
    }

    /// A module or router lookup the code makes, from one holder site.
    struct ModuleLookup: Hashable {
        var holder: Int
        var key: String
        var target: Target
        var position: SourcePosition

        enum Target: Hashable { case module, router }
    }

    /// Something the reader saw but cannot decide, reported rather than guessed.
    struct Unresolved: Hashable {
        var position: SourcePosition
        var message: String
        /// Checked, on an assumption the note states (rather than not checked).
        var assumed = false
        /// The lookup this note leaves unchecked, if it is about one (counted by the summary).
        var lookup: LookupKind?

        enum LookupKind: Hashable { case dependency, module }
    }

    let index: TypeIndex
    private let functions: [FunctionIR]
    private let topLevel: [FunctionIR]
    private let freeFunctions: [String: [FunctionIR]]
    private(set) var sites: [Site] = [Site(type: "nil")]
    private var siteIDs: [Site: Int] = [:]
    private var slots: [Slot: Set<Int>] = [:]
    private var initializerContexts: [Int: Set<Int>] = [:]
    private var initializerContextsBySite: [Int: [Int]] = [:]
    private var sitesByType: [String: [Int]] = [:]
    private var recording = false
    private(set) var lookups: Set<DependencyLookup> = []
    private(set) var moduleLookups: Set<ModuleLookup> = []
    /// Notes about expressions whose receiver held nothing, kept only if no context reached them.
    private var pendingNotes: Set<Unresolved> = []
    /// Member positions some context evaluated with a receiver.
    private var reached: Set<SourcePosition> = []
    /// What was not checked: expressions no context of their function gave a value to work on.
    var unresolved: Set<Unresolved> { pendingNotes.filter { !reached.contains($0.position) }.union(definiteNotes) }
    /// Notes that hold whatever the receiver (a name built at run time).
    private var definiteNotes: Set<Unresolved> = []

    /// How a run goes: `exact` runs every step (or only those `Relevance` keeps); `coarse` keeps
    /// one site per type and logs what each step reads, writes and causes (`RelevanceTracker`).
    enum Mode {
        case exact(Relevance?)
        case coarse
    }

    /// Set in a coarse run.
    let tracker: RelevanceTracker?
    /// Set in a pruned exact run: the steps outside it are not run.
    private let relevance: Relevance?

    init(reader: SourceReader, mode: Mode = .exact(nil)) {
        switch mode {
        case .exact(let relevance):
            self.relevance = relevance
            tracker = nil
        case .coarse:
            relevance = nil
            tracker = RelevanceTracker()
        }
        index = TypeIndex(types: reader.types, shadowed: reader.shadowed)
        topLevel = reader.topLevel
        freeFunctions = reader.freeFunctions
        var all: [FunctionIR] = []
        for type in reader.types.values.sorted(by: { $0.name < $1.name }) {
            all += type.initializers
            for name in type.methods.keys.sorted() { all += type.methods[name] ?? [] }
            for name in type.propertyOrder { if let getter = type.properties[name]?.getter { all.append(getter) } }
        }
        functions = all
        functionsByID = Dictionary(uniqueKeysWithValues: (all + reader.topLevel + reader.freeFunctions.values.flatMap { $0 }).map { ($0.id, $0) })
        instanceFunctions = Dictionary(grouping: all.filter { $0.kind != .initializer && !$0.isStatic && $0.owner != nil }) { $0.owner ?? "" }
        for (name, first, again) in reader.redeclared {
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
        for function in topLevel { schedule(.function(id: function.id, context: -1)) }
        for list in freeFunctions.values { for function in list { schedule(.function(id: function.id, context: -1)) } }
        for function in functions where function.isStatic { schedule(.function(id: function.id, context: -1)) }
        drain()
        // Code outside the sources read (an `@main` type in another target, a test) may make the
        // root holder; and a parameter declared as a concrete app class holds one of those even
        // when no call in the sources passes it. Both are made as "made elsewhere" sites.
        assumingOutsideCode = true
        for type in index.types.values.sorted(by: { $0.name < $1.name })
        where type.kind == .class && !type.isLibrary && index.isHolder(type.name) && sitesByType[type.name] == nil {
            _ = madeElsewhere(type.name)
            if let position = type.position {
                definiteNotes.insert(Unresolved(position: position, message: "\(type.name) is not made in the sources read: checked as made by code outside them, with what its init declares", assumed: true))
            }
        }
        drain()
        // The last pass records lookups, once for every step; and runs the functions nothing in
        // the sources reaches, so their lookups are noted as not checked rather than lost.
        recording = true
        currentStep = nil
        for step in known { execute(step) }
        for function in functions where !function.isStatic {
            guard let owner = function.owner, index.isAppType(owner) else { continue }
            let unreached = function.kind == .initializer ? (initializerContexts[function.id] ?? []).isEmpty : sitesByType[owner] == nil
            guard unreached, relevance?.functions.contains(function.id) ?? true else { continue }
            tracker?.current = .function(id: function.id, context: -2)
            run(function, context: -2, selfSites: [])
        }
        tracker?.current = nil
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
    private var queue: [Step] = []
    private var queueHead = 0
    private var queued: Set<Step> = []
    private var known: [Step] = []
    private var knownSet: Set<Step> = []
    /// Which steps read each slot: they run again when it grows.
    private var readers: [Slot: Set<Step>] = [:]
    private var currentStep: Step?
    private let functionsByID: [Int: FunctionIR]
    /// Instance methods and getters by the type declaring them, run for every site of that type.
    private let instanceFunctions: [String: [FunctionIR]]

    private func schedule(_ step: Step) {
        tracker?.caused(step)
        if let relevance {
            switch step {
            case .function(let id, _): guard relevance.functions.contains(id) else { return }
            case .properties(let site): guard relevance.propertyTypes.contains(sites[site].type) else { return }
            case .graph: return
            }
        }
        if knownSet.insert(step).inserted { known.append(step) }
        if queued.insert(step).inserted { queue.append(step) }
    }

    private func drain() {
        while queueHead < queue.count {
            let step = queue[queueHead]
            queueHead += 1
            queued.remove(step)
            execute(step)
        }
        queue.removeAll()
        queueHead = 0
    }

    private func execute(_ step: Step) {
        currentStep = recording ? nil : step
        tracker?.current = step
        switch step {
        case .function(let id, let context):
            guard let function = functionsByID[id] else { return }
            if tracker != nil, context == Self.anyReceiver, let owner = function.owner {
                run(function, context: context, selfSites: values(selfSlot(owner)))
            } else {
                run(function, context: context, selfSites: context > 0 ? [context] : [])
            }
        case .properties(let site):
            initializeProperties(of: site)
        case .graph:
            break
        }
    }

    /// Whether the roots made outside the sources read are assumed (the second settling).
    private var assumingOutsideCode = false

    /// Whether a context is the init of a site made by code the reader did not see: only there do
    /// parameters nothing passes stand for their declared class.
    private func isMadeElsewhere(_ context: Int) -> Bool {
        context > 0 && context < sites.count && sites[context].type != Self.stringType && sites[context].text == "made elsewhere"
    }

    /// The one site standing for objects of `type` made by code the reader did not see.
    private func madeElsewhere(_ type: String) -> Int {
        let made = site(Site(type: type, position: index.types[type]?.position, text: "made elsewhere"))
        for initializer in index.types[type]?.initializers ?? [] { enter(initializer, at: made) }
        if index.types[type]?.initializers.isEmpty ?? true, let inherited = index.types[type]?.superclassName,
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

    // MARK: Steps

    private func initializeProperties(of site: Int) {
        let type = sites[site].type
        guard type != Self.stringType else { return }
        for owner in index.supertypes(of: type) {
            guard let decl = index.types[owner] else { continue }
            for name in decl.propertyOrder {
                guard let property = decl.properties[name], !property.isStatic, property.form != .computed,
                      let value = property.initializer else { continue }
                let context = Context(function: nil, id: site, selfSites: [site], owner: owner, step: .properties(site: site))
                add(.field(site: site, name: name), evaluate(value, in: context, expecting: property.type))
            }
        }
    }

    /// Reads every slot `StaticGraphBuilder` reads (a superset: the fields it follows, of every
    /// graph object), as the builder's step, so their writers are relevant. Running the builder
    /// itself on merged sites would expand cycles every coarse tree has.
    private func readAsTheGraphBuilderDoes() {
        tracker?.current = .graph
        defer { tracker?.current = nil }
        for site in sites.indices where isObject(site) && index.isGraphType(sites[site].type) {
            for field in ["parent", "supportedModules", "key", "component", "holder"] { _ = values(.field(site: site, name: field)) }
            // A router's stored fields: where the builder finds its view component.
            for router in values(.field(site: site, name: "router")) where isObject(router) {
                for type in index.supertypes(of: sites[router].type) {
                    for name in index.types[type]?.propertyOrder ?? [] { _ = values(.field(site: router, name: name)) }
                }
            }
        }
    }

    // MARK: Statements

    /// Where an expression is evaluated: the function, its context id and `self`'s sites.
    private struct Context {
        var function: FunctionIR?
        var id: Int
        var selfSites: Set<Int>
        var owner: String?
        var step: Step
    }

    /// One run of a function in one context, or a site's property initialisers: what the
    /// last pass links, to tell recursion through initialisers from a loop.
    enum Step: Hashable {
        case function(id: Int, context: Int)
        case properties(site: Int)
        /// The graph builder's reads (a coarse run's log only).
        case graph
    }

    /// What each step calls and builds (recorded on the last pass).
    private var calls: [Step: Set<Step>] = [:]
    private var builds: [Step: Set<Int>] = [:]

    private func link(_ from: Context, to step: Step) {
        tracker?.caused(step)
        if recording { calls[from.step, default: []].insert(step) }
    }

    /// Whether making `site` makes another `site` before it is done: its initialisers (and what
    /// they call, transitively) reach the same construction. Unlike a loop that makes one object
    /// below another of its kind, that never ends.
    func buildsItself(_ site: Int) -> Bool {
        var queue: [Step] = [.properties(site: site)] + (initializerContextsBySite[site] ?? []).map { .function(id: $0, context: site) }
        var seen = Set(queue)
        while let step = queue.popLast() {
            if builds[step]?.contains(site) == true { return true }
            for next in calls[step] ?? [] where seen.insert(next).inserted { queue.append(next) }
        }
        return false
    }

    private func run(_ function: FunctionIR, context id: Int, selfSites: Set<Int>) {
        let context = Context(function: function, id: id, selfSites: selfSites, owner: function.owner, step: .function(id: function.id, context: id))
        for statement in function.body {
            switch statement {
            case .bind(let name, let type, let value):
                guard let value else { continue }
                let result = evaluate(value, in: context, expecting: type)
                if name != "_" { add(.local(function: function.id, context: id, name: name), result) }
            case .assign(let target, let value):
                let result = evaluate(value, in: context, expecting: staticType(target, in: context))
                assign(result, to: target, in: context)
            case .evaluate(let value):
                _ = evaluate(value, in: context, expecting: nil)
            case .returns(let value):
                add(.result(function: function.id, context: id), evaluate(value, in: context, expecting: function.returnType))
            }
        }
    }

    private func assign(_ result: Set<Int>, to target: Expr, in context: Context) {
        switch target {
        case .name(let name, _):
            if let function = context.function, isLocal(name, in: function) {
                let slot: Slot = function.parameters.contains(where: { $0.name == name })
                    ? .parameter(function: function.id, context: context.id, name: name)
                    : .local(function: function.id, context: context.id, name: name)
                add(slot, result)
            } else {
                for site in context.selfSites { add(.field(site: site, name: name), result) }
            }
        case .member(let base, let name, _):
            for site in evaluate(base, in: context, expecting: nil) where isObject(site) {
                add(.field(site: site, name: name), result)
            }
        default:
            break
        }
    }

    private func isLocal(_ name: String, in function: FunctionIR) -> Bool {
        function.parameters.contains { $0.name == name } || function.locals[name] != nil
    }

    private func isObject(_ site: Int) -> Bool {
        site != Self.nilSite && sites[site].type != Self.stringType && sites[site].type != Self.closureType
    }

    // MARK: Closures

    /// Where a closure value was made: its parameters are locals of that function run.
    private struct ClosureMade {
        var parameters: [String]
        var function: Int
        var context: Int
        var result: Slot
    }

    private var closures: [Int: ClosureMade] = [:]

    /// A closure value, one site per function run that makes it; what calling it gives is kept in
    /// a slot of that run, filled as its parameters fill.
    private func makeClosure(parameters: [String], result: Expr?, position: SourcePosition, in context: Context) -> Set<Int> {
        guard let function = context.function else { return [] }
        let id = site(Site(type: Self.closureType, position: position, text: "\(function.id)@\(context.id)"))
        let slot = Slot.local(function: function.id, context: context.id, name: "#closure result \(position)")
        closures[id] = ClosureMade(parameters: parameters, function: function.id, context: context.id, result: slot)
        if let result { add(slot, evaluate(result, in: context, expecting: nil)) }
        return [id]
    }

    /// `f(arguments)` where `f` holds closures: each gets the arguments in its parameters (in the
    /// run that made it) and gives its result.
    private func callClosures(_ made: Set<Int>, _ arguments: [Expr.Argument], in context: Context) -> Set<Int> {
        let values = arguments.map { evaluate($0.value, in: context, expecting: nil) }
        var result: Set<Int> = []
        for id in made {
            guard let closure = closures[id] else { continue }
            for (name, value) in zip(closure.parameters, values) {
                add(.local(function: closure.function, context: closure.context, name: name), value)
            }
            result.formUnion(self.values(closure.result))
        }
        return result
    }

    // MARK: Expressions

    private func evaluate(_ expr: Expr, in context: Context, expecting: WrittenType?) -> Set<Int> {
        switch expr {
        case .nilLiteral:
            return [Self.nilSite]
        case .literal(_, let text):
            guard let text else { return [] }
            return [site(Site(type: Self.stringType, position: nil, text: text))]
        case .selfRef:
            return context.selfSites
        case .superRef, .typeRef, .dynamicString, .unknown:
            return []
        case .closure(let parameters, let result, let position):
            return makeClosure(parameters: parameters, result: result, position: position, in: context)
        case .name(let name, _):
            return evaluateName(name, in: context)
        case .implicitMember(let name):
            return [site(Site(type: Self.stringType, position: nil, text: index.keyString(name, expecting: expecting?.name)))]
        case .member(let base, let name, let position):
            return evaluateMember(base: base, name: name, position: position, in: context, expecting: expecting)
        case .call(let callee, let arguments, let position):
            return evaluateCall(callee, arguments, position: position, in: context, expecting: expecting)
        case .cast(let value, let type):
            let result = evaluate(value, in: context, expecting: nil)
            guard index.types[type.name] != nil else { return result }
            return result.filter { isObject($0) && index.reaches(sites[$0].type, type.name) }
        case .anyOf(let list):
            return list.reduce(into: Set<Int>()) { $0.formUnion(evaluate($1, in: context, expecting: expecting)) }
        case .effects(let list):
            for item in list { _ = evaluate(item, in: context, expecting: nil) }
            return []
        }
    }

    private func evaluateName(_ name: String, in context: Context) -> Set<Int> {
        if let function = context.function, isLocal(name, in: function) {
            let found = values(.parameter(function: function.id, context: context.id, name: name))
                .union(values(.local(function: function.id, context: context.id, name: name)))
            // (A coarse run, whose contexts are merged, adds it wherever `self` may be made elsewhere.)
            let madeElsewhereSelf = tracker == nil ? found.isEmpty && isMadeElsewhere(context.id) : context.selfSites.contains(where: isMadeElsewhere)
            if madeElsewhereSelf, assumingOutsideCode, let parameter = function.parameters.first(where: { $0.name == name }),
               let type = parameter.type?.name, let decl = index.types[type], decl.kind == .class, !decl.isLibrary,
               index.isComponent(type) || index.isHolder(type) {
                return found.union([madeElsewhere(type)])
            }
            return found
        }
        var result: Set<Int> = []
        for site in context.selfSites where index.property(name, in: sites[site].type) != nil {
            result.formUnion(readProperty(name, of: site))
        }
        return result
    }

    /// A property's value on a site: a stored field, or what its getter returns.
    private func readProperty(_ name: String, of site: Int) -> Set<Int> {
        guard let (_, decl) = index.property(name, in: sites[site].type) else { return [] }
        if let getter = decl.getter { return values(.result(function: getter.id, context: contextOf(site))) }
        return values(.field(site: site, name: name))
    }

    private func evaluateMember(base: Expr, name: String, position: SourcePosition, in context: Context, expecting: WrittenType?) -> Set<Int> {
        if let typeName = staticTypeReference(base) {
            // `ModuleKey.home`, `ShopModules.cart`: a key; other static members carry no site.
            return [site(Site(type: Self.stringType, position: nil, text: index.keyString(name, expecting: typeName)))]
        }
        let receivers = evaluate(base, in: context, expecting: nil)
        let declared = staticType(base, in: context)
        var result: Set<Int> = []
        var objects = 0
        for receiver in receivers where isObject(receiver) {
            objects += 1
            let type = sites[receiver].type
            if !isDynamic(name, declared: declared, actual: type) {
                result.formUnion(readProperty(name, of: receiver))
            } else {
                if index.isComponent(type) {
                    record(DependencyLookup(requester: receiver, name: name, type: expecting, position: position))
                } else if index.isHolder(type) {
                    result.formUnion(moduleLookup(from: receiver, key: name, target: .module, position: position))
                }
            }
        }
        if objects > 0 { reached.insert(position) }
        if objects == 0, let declared, isDynamic(name, declared: declared, actual: nil) {
            if index.isComponent(declared.name) {
                note(position, "cannot tell which component `\(describe(base))` is, so the lookup of `\(name)` is not checked: nothing in the sources read passes one here", lookup: .dependency)
            } else if index.isHolder(declared.name) {
                note(position, "cannot tell which holder `\(describe(base))` is, so the lookup of module `\(name)` is not checked: nothing in the sources read passes one here", lookup: .module)
            }
        }
        return result
    }

    /// Whether `x.name` is a dynamic-member lookup: the declared type (else the value's type) has
    /// no member `name`, and it is a component or a holder.
    private func isDynamic(_ name: String, declared: WrittenType?, actual: String?) -> Bool {
        if let declared, index.types[declared.name] != nil {
            guard index.isComponent(declared.name) || index.isHolder(declared.name) else { return false }
            return !index.declares(name, in: declared.name)
        }
        guard let actual else { return false }
        return !index.declares(name, in: actual)
    }

    private func evaluateCall(_ callee: Expr, _ arguments: [Expr.Argument], position: SourcePosition, in context: Context, expecting: WrittenType?) -> Set<Int> {
        let labels = arguments.map(\.label)
        // `T(...)` and `T.init(...)`: a new site (`T` may be a type nested in the one we are in).
        if case .name(let name, _) = callee, !isVariable(name, in: context) {
            if let owner = context.owner, index.types["\(owner).\(name)"] != nil {
                return construct("\(owner).\(name)", arguments, position: position, in: context)
            }
            if index.types[name] != nil { return construct(name, arguments, position: position, in: context) }
        }
        if case .member(.name(let name, _), "init", _) = callee, index.types[name] != nil {
            return construct(name, arguments, position: position, in: context)
        }
        if case .member(.superRef, "init", _) = callee {
            guard let owner = context.owner, let superclass = index.types[owner]?.superclassName,
                  let initializer = index.initializer(of: superclass, labels: labels) else {
                evaluateArguments(arguments, in: context)
                return []
            }
            for site in context.selfSites {
                enter(initializer, at: site)
                link(context, to: .function(id: initializer.id, context: site))
            }
            bind(arguments, to: initializer, contexts: context.selfSites, in: context)
            return []
        }
        if case .member(.selfRef, "init", _) = callee {
            guard let owner = context.owner, let initializer = index.initializer(of: owner, labels: labels) else { return [] }
            for site in context.selfSites {
                enter(initializer, at: site)
                link(context, to: .function(id: initializer.id, context: site))
            }
            bind(arguments, to: initializer, contexts: context.selfSites, in: context)
            return []
        }
        if case .member(let base, let method, let memberPosition) = callee {
            if let typeName = staticTypeReference(base) {
                // A static method: `SampleApp.run()`.
                let found = index.methods(method, in: typeName).filter { $0.isStatic && $0.accepts(labels: labels) }
                for function in found { link(context, to: .function(id: function.id, context: -1)) }
                bind(arguments, to: found, contexts: [-1], in: context)
                return found.reduce(into: Set<Int>()) { $0.formUnion(values(.result(function: $1.id, context: -1))) }
            }
            let receivers = evaluate(base, in: context, expecting: nil)
            return call(method, on: receivers, arguments, position: memberPosition, declared: staticType(base, in: context), base: base, in: context, expecting: expecting)
        }
        if case .name(let name, let namePosition) = callee {
            // A component's own `resolve(...)` is a lookup even where nothing makes the component
            // (no self sites): `call` notes it as not checked rather than losing it.
            if let owner = context.owner,
               !context.selfSites.isEmpty && (index.declares(name, in: owner) || name == "resolve")
                || context.selfSites.isEmpty && name == "resolve" && index.isComponent(owner) {
                return call(name, on: context.selfSites, arguments, position: namePosition, declared: WrittenType(name: owner, isOptional: false, spelling: owner), base: .selfRef, in: context, expecting: expecting)
            }
            if let found = freeFunctions[name]?.filter({ $0.accepts(labels: labels) }), !found.isEmpty {
                for function in found { link(context, to: .function(id: function.id, context: -1)) }
                bind(arguments, to: found, contexts: [-1], in: context)
                return found.reduce(into: Set<Int>()) { $0.formUnion(values(.result(function: $1.id, context: -1))) }
            }
        }
        // A variable holding closures, called.
        if case .name(let name, _) = callee, isVariable(name, in: context) {
            let callees = evaluate(callee, in: context, expecting: nil).filter { closures[$0] != nil }
            if !callees.isEmpty { return callClosures(callees, arguments, in: context) }
        }
        evaluateArguments(arguments, in: context)
        return []
    }

    private func isVariable(_ name: String, in context: Context) -> Bool {
        guard let function = context.function else { return false }
        return isLocal(name, in: function)
    }

    private func evaluateArguments(_ arguments: [Expr.Argument], in context: Context) {
        for argument in arguments { _ = evaluate(argument.value, in: context, expecting: nil) }
    }

    /// `receiver.method(arguments)` for every receiver site: the runtime's lookups by name, or the
    /// method's body with the receiver as its context.
    private func call(
        _ method: String, on receivers: Set<Int>, _ arguments: [Expr.Argument], position: SourcePosition,
        declared: WrittenType?, base: Expr, in context: Context, expecting: WrittenType?
    ) -> Set<Int> {
        let labels = arguments.map(\.label)
        var result: Set<Int> = []
        let objects = receivers.filter(isObject)
        switch method {
        case "resolve" where objects.contains(where: { index.isComponent(sites[$0].type) }):
            let type = arguments.first(where: { $0.label == "as" }).flatMap { argument -> WrittenType? in
                if case .typeRef(let type) = argument.value { return type }
                return nil
            } ?? expecting
            guard case .literal(_, let text?)? = arguments.first?.value else {
                evaluateArguments(arguments, in: context)
                if recording { noteDefinitely(Unresolved(position: position, message: "`resolve` is given a name built at run time: the lookup is not checked", lookup: .dependency)) }
                return []
            }
            reached.insert(position)
            for receiver in objects where index.isComponent(sites[receiver].type) {
                record(DependencyLookup(requester: receiver, name: text, type: type, position: position))
            }
            return []
        case "module" where labels.first == "for" && objects.contains(where: { index.isHolder(sites[$0].type) }),
             "router" where labels.first == "for" && objects.contains(where: { index.isHolder(sites[$0].type) }):
            let keys = arguments.first.map { evaluate($0.value, in: context, expecting: nil) } ?? []
            let target: ModuleLookup.Target = method == "module" ? .module : .router
            reached.insert(position)
            for receiver in objects where index.isHolder(sites[receiver].type) {
                for key in keys.compactMap({ sites[$0].type == Self.stringType ? sites[$0].text : nil }) {
                    result.formUnion(moduleLookup(from: receiver, key: key, target: target, position: position))
                }
            }
            if keys.isEmpty, recording {
                noteDefinitely(Unresolved(position: position, message: "the key of this \(method) lookup is not a constant the reader can name"))
            }
            return result
        default:
            break
        }
        var argumentValues: [Set<Int>]?
        // Each method once per context (a coarse run's receivers share one).
        var called: Set<Step> = []
        for receiver in objects {
            let found = index.methods(method, in: sites[receiver].type).filter { $0.accepts(labels: labels) && !$0.isStatic }
            guard !found.isEmpty else { continue }
            let values = argumentValues ?? arguments.map { evaluate($0.value, in: context, expecting: nil) }
            argumentValues = values
            for function in found {
                let target = contextOf(receiver)
                guard called.insert(.function(id: function.id, context: target)).inserted else { continue }
                link(context, to: .function(id: function.id, context: target))
                bindValues(values, labels: labels, to: function, context: target)
                result.formUnion(self.values(.result(function: function.id, context: target)))
            }
        }
        if argumentValues == nil { evaluateArguments(arguments, in: context) }
        if !objects.isEmpty { reached.insert(position) }
        if objects.isEmpty, let declared, index.isComponent(declared.name), method == "resolve" {
            if case .selfRef = base {
                note(position, "no source read makes a \(declared.name), so this `resolve` on it is not checked", lookup: .dependency)
            } else {
                note(position, "cannot tell which component `\(describe(base))` is, so this `resolve` is not checked: nothing in the sources read passes one here", lookup: .dependency)
            }
        }
        return result
    }

    /// `T(arguments)`: the site, its initialiser entered with the arguments, or (a struct
    /// without one) its memberwise fields set.
    private func construct(_ type: String, _ arguments: [Expr.Argument], position: SourcePosition, in context: Context) -> Set<Int> {
        let built = site(Site(type: type, position: position, text: nil))
        if recording { builds[context.step, default: []].insert(built) }
        link(context, to: .properties(site: built))
        let labels = arguments.map(\.label)
        if let initializer = index.initializer(of: type, labels: labels) {
            enter(initializer, at: built)
            link(context, to: .function(id: initializer.id, context: built))
            bind(arguments, to: initializer, contexts: [built], in: context)
        } else {
            for argument in arguments {
                let value = evaluate(argument.value, in: context, expecting: nil)
                if let label = argument.label { add(.field(site: built, name: label), value) }
            }
        }
        return [built]
    }

    private func enter(_ initializer: FunctionIR, at site: Int) {
        tracker?.caused(.function(id: initializer.id, context: site))
        if initializerContexts[initializer.id, default: []].insert(site).inserted {
            initializerContextsBySite[site, default: []].append(initializer.id)
            schedule(.function(id: initializer.id, context: site))
        }
    }

    /// The context a method or getter runs in for a receiver: the receiver itself, or in a coarse
    /// run `anyReceiver` (one run with every site of the type as `self`). Initialisers run per
    /// site in both: a coarse run has one site per type, and merging them would give every
    /// component made through `Component.init` every parent (quadratic on a chain).
    private func contextOf(_ site: Int) -> Int {
        tracker == nil ? site : Self.anyReceiver
    }

    /// A coarse run's one context for all receivers (site 0 is `nil`, never a context).
    static let anyReceiver = 0

    /// In a coarse run, every site whose type reaches `type`: `self` in its functions.
    private func selfSlot(_ type: String) -> Slot {
        .local(function: -1, context: Self.anyReceiver, name: type)
    }

    private func bind(_ arguments: [Expr.Argument], to function: FunctionIR, contexts: Set<Int>, in context: Context) {
        bind(arguments, to: [function], contexts: contexts, in: context)
    }

    private func bind(_ arguments: [Expr.Argument], to functions: [FunctionIR], contexts: Set<Int>, in context: Context) {
        let values = arguments.enumerated().map { offset, argument -> Set<Int> in
            let parameterType = functions.first.flatMap { parameter(of: $0, for: offset, labels: arguments.map(\.label))?.type }
            return evaluate(argument.value, in: context, expecting: parameterType)
        }
        for function in functions {
            for target in contexts { bindValues(values, labels: arguments.map(\.label), to: function, context: target) }
        }
    }

    private func parameter(of function: FunctionIR, for argument: Int, labels: [String?]) -> ParameterDecl? {
        var index = 0
        for parameter in function.parameters {
            if index < labels.count, labels[index] == parameter.label {
                if index == argument { return parameter }
                index += 1
            }
        }
        return nil
    }

    private func bindValues(_ values: [Set<Int>], labels: [String?], to function: FunctionIR, context: Int) {
        var index = 0
        for parameter in function.parameters where index < labels.count {
            if labels[index] == parameter.label {
                add(.parameter(function: function.id, context: context, name: parameter.name), values[index])
                index += 1
            }
        }
    }

    // MARK: Module lookups

    /// The modules (or routers) a lookup of `key` from `holder` finds now; recorded on the last pass.
    private func moduleLookup(from holder: Int, key: String, target: ModuleLookup.Target, position: SourcePosition) -> Set<Int> {
        if recording {
            moduleLookups.insert(ModuleLookup(holder: holder, key: key, target: target, position: position))
            tracker?.produced()
        }
        var found: Set<Int> = []
        var seen: Set<Int> = []
        var current: Set<Int> = [holder]
        while !current.isEmpty {
            var next: Set<Int> = []
            for holder in current where seen.insert(holder).inserted && isObject(holder) {
                for module in values(.field(site: holder, name: "supportedModules")) where isObject(module) {
                    guard strings(.field(site: module, name: "key")).contains(key) else { continue }
                    found.formUnion(target == .module ? [module] : values(.field(site: module, name: "router")))
                }
                next.formUnion(values(.field(site: holder, name: "holder")))
            }
            current = next
        }
        return found
    }

    // MARK: Static types

    /// `Foo` in `Foo.bar` when Foo names a type, not a variable.
    private func staticTypeReference(_ expr: Expr) -> String? {
        switch expr {
        case .typeRef(let type): return type.name
        case .name(let name, _) where index.types[name] != nil && name.first?.isUppercase == true: return name
        default: return nil
        }
    }

    /// The type the compiler gives an expression, as far as the source writes it.
    private func staticType(_ expr: Expr, in context: Context) -> WrittenType? {
        switch expr {
        case .selfRef:
            return context.owner.map { WrittenType(name: $0, isOptional: false, spelling: $0) }
        case .name(let name, _):
            if let function = context.function {
                if let parameter = function.parameters.first(where: { $0.name == name }) { return parameter.type }
                if let local = function.locals[name] { return local }
            }
            if let owner = context.owner, let (_, decl) = index.property(name, in: owner) { return decl.type }
            return nil
        case .member(let base, let name, _):
            guard let baseType = staticType(base, in: context), let (_, decl) = index.property(name, in: baseType.name) else { return nil }
            return decl.type
        case .call(.name(let name, _), _, _) where index.types[name] != nil:
            return WrittenType(name: name, isOptional: false, spelling: name)
        case .call(.member(let base, let method, _), _, _):
            guard let baseType = staticType(base, in: context) else { return nil }
            return index.methods(method, in: baseType.name).first?.returnType
        case .cast(_, let type):
            return type
        default:
            return nil
        }
    }

    // MARK: Recording

    private func record(_ lookup: DependencyLookup) {
        guard recording else { return }
        lookups.insert(lookup)
        tracker?.produced()
    }

    private func note(_ position: SourcePosition, _ message: String, lookup: Unresolved.LookupKind? = nil) {
        guard recording else { return }
        pendingNotes.insert(Unresolved(position: position, message: message, lookup: lookup))
        tracker?.produced()
    }

    private func noteDefinitely(_ note: Unresolved) {
        definiteNotes.insert(note)
        tracker?.produced()
    }

    private func describe(_ expr: Expr) -> String {
        switch expr {
        case .name(let name, _): name
        case .selfRef: "self"
        case .member(let base, let name, _): "\(describe(base)).\(name)"
        case .call(let callee, _, _): "\(describe(callee))(...)"
        default: "the value"
        }
    }

    // MARK: Storage

    private func site(_ site: Site) -> Int {
        var site = site
        // A coarse run keeps one site per type (and per "made elsewhere").
        if let tracker {
            if site.type != Self.stringType, site.type != Self.closureType { site.position = nil }
            if index.isGraphType(site.type) { tracker.produced() }
        }
        if let id = siteIDs[site] {
            tracker?.created(id)
            return id
        }
        let id = sites.count
        sites.append(site)
        siteIDs[site] = id
        tracker?.created(id)
        // Strings and closures have no methods or properties to run.
        if site.type != Self.stringType && site.type != Self.closureType {
            for type in index.supertypes(of: site.type) {
                sitesByType[type, default: []].append(id)
                if tracker != nil { add(selfSlot(type), [id]) }
                for function in instanceFunctions[type] ?? [] { schedule(.function(id: function.id, context: contextOf(id))) }
            }
            schedule(.properties(site: id))
        }
        return id
    }

    private func add(_ slot: Slot, _ values: Set<Int>) {
        guard !values.isEmpty else { return }
        tracker?.wrote(slot)
        if let existing = slots[slot] {
            guard !values.isSubset(of: existing) else { return }
            slots[slot] = existing.union(values)
        } else {
            slots[slot] = values
        }
        for reader in readers[slot] ?? [] { schedule(reader) }
    }
}
