/// The functions (and types' property initialisers) whose steps can change what `check` reports,
/// learnt from a coarse run of the flow analysis; the exact run runs only those.
///
/// Why: the exact analysis runs every instance method once per site of its type. On a large
/// codebase that is mostly code no component ever reaches (swift-syntax's `SyntaxProtocol`
/// methods, run for each of 2,449 `Syntax(...)` sites), and it is the whole cost.
///
/// How it stays exact: the coarse run keeps one site per type (contexts merged), so whatever
/// flows between two steps in the exact run flows between their coarse counterparts. It logs, for
/// each step, the slots it reads, and for each slot, the steps that write it; and who creates each
/// site, schedules each step and calls it. A step is relevant if it records a fact (a lookup, a
/// note, a graph object: a site of a type reaching the library's), belongs to a graph type, or
/// the graph builder reads it; and then, backwards, every step that writes a slot a relevant step
/// reads, schedules it, creates its `self` or calls it. Relevance is kept per function (every
/// context of a relevant function is relevant), so a step the exact run skips writes nothing a
/// relevant step reads, and relevant steps run in the same order with the same values.
/// `StaticReaderPruningTests` holds the pruned and unpruned results equal on every app in the tests.
struct Relevance: Sendable {
    var functions: Set<Int>
    /// Types whose sites' property initialisers matter.
    var propertyTypes: Set<String>
}

/// The coarse run's log of reads, writes and causes, and the closure it yields.
final class RelevanceTracker {
    typealias Step = FlowAnalysis.Step
    typealias Slot = FlowAnalysis.Slot

    /// The step running now (`graph` while the builder reads).
    var current: Step?
    private var reads: [Step: Set<Slot>] = [:]
    private var writers: [Slot: Set<Step>] = [:]
    /// Steps that scheduled, entered or called a step, or made a site.
    private var causes: [Step: Set<Step>] = [:]
    private var creators: [Int: Set<Step>] = [:]
    private var producers: Set<Step> = []

    func read(_ slot: Slot) {
        if let current { reads[current, default: []].insert(slot) }
    }

    func wrote(_ slot: Slot) {
        if let current { writers[slot, default: []].insert(current) }
    }

    /// `step` runs because the current step scheduled, entered or called it.
    func caused(_ step: Step) {
        if let current, current != step { causes[step, default: []].insert(current) }
    }

    func created(_ site: Int) {
        if let current { creators[site, default: []].insert(current) }
    }

    /// The current step records something `check` reports, or makes a graph object.
    func produced() {
        if let current { producers.insert(current) }
    }

    /// Every step that must run for the producers (and `owned`, the steps of graph types'
    /// functions) to see what they see in the exact run, closed per function.
    func relevance(owned: Set<Int>, ownedTypes: Set<String>, typeOfSite: (Int) -> String) -> Relevance {
        var stepsOfFunction: [Int: [Step]] = [:]
        var stepsOfType: [String: [Step]] = [:]
        let all = Set(reads.keys).union(causes.keys).union(producers).union(writers.values.flatMap { $0 })
        for step in all {
            switch step {
            case .function(let id, _): stepsOfFunction[id, default: []].append(step)
            case .properties(let site): stepsOfType[typeOfSite(site), default: []].append(step)
            case .graph: break
            }
        }
        var relevance = Relevance(functions: [], propertyTypes: [])
        var seen: Set<Step> = []
        var queue: [Step] = []
        func enqueue(_ step: Step) {
            if seen.insert(step).inserted { queue.append(step) }
        }
        (Array(producers) + [.graph] + owned.flatMap { stepsOfFunction[$0] ?? [] } + ownedTypes.flatMap { stepsOfType[$0] ?? [] }).forEach(enqueue)
        while let step = queue.popLast() {
            switch step {
            case .function(let id, let context):
                // A function's every context, once, when the first of them turns out relevant.
                if relevance.functions.insert(id).inserted { (stepsOfFunction[id] ?? []).forEach(enqueue) }
                if context > 0 { (creators[context] ?? []).forEach(enqueue) }
            case .properties(let site):
                let type = typeOfSite(site)
                if relevance.propertyTypes.insert(type).inserted { (stepsOfType[type] ?? []).forEach(enqueue) }
                (creators[site] ?? []).forEach(enqueue)
            case .graph:
                break
            }
            for slot in reads[step] ?? [] { (writers[slot] ?? []).forEach(enqueue) }
            (causes[step] ?? []).forEach(enqueue)
        }
        // Graph types' functions run in the exact run even where this run never ran them.
        relevance.functions.formUnion(owned)
        relevance.propertyTypes.formUnion(ownedTypes)
        return relevance
    }
}

/// Whether a coarse run is worth its cost: the exact run does about one run of each method per
/// object its type has in the source, so where types are made once or twice (most apps, a chain of
/// builders) the exact run alone is cheapest, and where a type is made in thousands of places and
/// has hundreds of methods (swift-syntax's `Syntax`), the coarse run saves nearly all of it. The
/// result is the same either way; this only decides the cost.
enum RelevanceCost {
    /// Estimated method runs of the exact run (constructions written, times the instance methods
    /// and getters each one's type has), and the number of functions.
    static func estimate(_ reader: SourceReader, index: TypeIndex, made: [String: Int]) -> (runs: Int, functions: Int) {
        var functions = reader.topLevel.count + reader.freeFunctions.values.reduce(0) { $0 + $1.count }
        var methodsOf: [String: Int] = [:]
        for type in reader.types.values {
            let own = type.methods.values.reduce(0) { $0 + $1.filter { !$0.isStatic }.count } + type.properties.values.filter { $0.getter != nil }.count
            methodsOf[type.name] = own
            functions += type.initializers.count + type.methods.values.reduce(0) { $0 + $1.count }
        }
        var runs = 0
        for (type, count) in made {
            let methods = index.supertypes(of: type).reduce(0) { $0 + (methodsOf[$1] ?? 0) }
            runs += count * max(methods, 1)
        }
        return (runs, functions)
    }

    /// Worth it when the exact run would run methods many times over.
    static func worthACoarseRun(_ reader: SourceReader, index: TypeIndex, made: [String: Int]) -> Bool {
        let (runs, functions) = estimate(reader, index: index, made: made)
        return runs > 4 * functions + 20_000
    }
}

/// How many times each type of the sources is constructed in them (`X(...)`, `X.init(...)`),
/// anywhere, reached or not.
struct Constructions {
    /// Whether a name is a type the sources declare.
    let isType: (String) -> Bool
    private(set) var made: [String: Int] = [:]

    init(types: [String: TypeDecl]) {
        isType = { types[$0] != nil }
    }

    init(types: TypeTable) {
        isType = { types[$0] != nil }
    }

    static func count(in reader: SourceReader) -> [String: Int] {
        var counter = Constructions(types: reader.types)
        for type in reader.types.values {
            for function in type.initializers { counter.count(function.body) }
            for list in type.methods.values { for function in list { counter.count(function.body) } }
            for property in type.properties.values {
                if let initializer = property.initializer { counter.count(initializer) }
                if let getter = property.getter { counter.count(getter.body) }
            }
        }
        for function in reader.topLevel { counter.count(function.body) }
        for function in reader.freeFunctions.values.joined() { counter.count(function.body) }
        return counter.made
    }

    /// Adds the constructions `statements` write.
    mutating func count(_ statements: [Statement]) {
        for statement in statements {
            switch statement.unguarded {
            case .bind(_, _, let value?): count(value)
            case .assign(let target, let value):
                count(target)
                count(value)
            case .evaluate(let value), .returns(let value): count(value)
            default: break
            }
        }
    }

    mutating func count(_ expr: Expr) {
        switch expr {
        case .call(let callee, let arguments, _):
            if case .name(let name, _) = callee, isType(name) { made[name, default: 0] += 1 }
            if case .member(.name(let name, _), "init", _) = callee, isType(name) { made[name, default: 0] += 1 }
            count(callee)
            for argument in arguments { count(argument.value) }
        case .member(let base, _, _): count(base)
        case .cast(let value, _): count(value)
        case .anyOf(let list), .effects(let list): for item in list { count(item) }
        case .closure(_, let result?, _, _): count(result)
        default: break
        }
    }
}
