import GraphInspectCheckContract

/// The steps a run is made of: a site's property initialisers, a function's statements, closures.
extension FlowAnalysis {
    // MARK: Steps

    func initializeProperties(of site: Int) {
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
    func readAsTheGraphBuilderDoes() {
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




    func link(_ from: Context, to step: Step) {
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

    func run(_ function: FunctionIR, context id: Int, selfSites: Set<Int>) {
        run(analysedBody(of: function), of: function, context: id, selfSites: selfSites)
    }

    /// The function's statements the analysis runs: all but the inert ones (`InertStatements`),
    /// which change nothing it finds. Left out rather than run, a reading with one is the reading
    /// without it, whatever order the steps run in.
    func analysedBody(of function: FunctionIR) -> [Statement] {
        if let body = analysedBodies[function.id] { return body }
        guard leavesOutInertStatements else { return function.body }
        let body = inert.leavingOutInert(function)
        analysedBodies[function.id] = body
        return body
    }

    /// Some of a function's statements, in one context.
    func run(_ statements: [Statement], of function: FunctionIR, context id: Int, selfSites: Set<Int>) {
        let context = Context(function: function, id: id, selfSites: selfSites, owner: function.owner, step: .function(id: function.id, context: id))
        for written in statements {
            var statement = written
            if case .guarded(let tests, let inner) = written {
                if let failing = failingTest(tests, of: function, context: id, selfSites: selfSites) {
                    noteSkipped(inner, failing: failing, in: context)
                    continue
                }
                statement = inner
            }
            switch statement {
            case .bind(let name, let type, let value):
                guard let value else { continue }
                let result = evaluate(value, in: context, expecting: type)
                if name != "_" { add(.local(function: function.id, context: id, name: name), result) }
            case .assign(let target, let value):
                let result = evaluate(value, in: context, expecting: staticType(target, in: context))
                assign(result, to: target, in: context)
                if case .closure(_, _, _, let captures) = value, !captures.isEmpty { noteClosureCycle(target, captures: captures, in: context) }
            case .evaluate(let value):
                _ = evaluate(value, in: context, expecting: nil)
            case .returns(let value):
                add(.result(function: function.id, context: id), evaluate(value, in: context, expecting: function.returnType))
            case .guarded:
                break  // never nested (`Statement.guarded`)
            }
        }
    }

    func assign(_ result: Set<Int>, to target: Expr, in context: Context) {
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

    func isLocal(_ name: String, in function: FunctionIR) -> Bool {
        function.parameters.contains { $0.name == name } || function.locals[name] != nil
    }

    func isObject(_ site: Int) -> Bool {
        site != Self.nilSite && !Self.isValueType(sites[site].type)
    }

    // MARK: Closures



    /// A closure value, one site per function run that makes it; what calling it gives is kept in
    /// a slot of that run, filled as its parameters fill.
    func makeClosure(parameters: [String], result: Expr?, position: SourcePosition, in context: Context) -> Set<Int> {
        guard let function = context.function else { return [] }
        let id = site(Site(type: Self.closureType, position: position, text: "\(function.id)@\(context.id)"))
        // A closure a probe would make anew: an effect already noted, nothing made.
        guard id != Self.nilSite else { return [] }
        let slot = Slot.closureResult(function: function.id, context: context.id, position: position)
        closures[id] = ClosureMade(parameters: parameters, function: function.id, context: context.id, result: slot)
        if let result { add(slot, evaluate(result, in: context, expecting: nil)) }
        return [id]
    }

    /// `f(arguments)` where `f` holds closures: each gets the arguments in its parameters (in the
    /// run that made it) and gives its result.
    func callClosures(_ made: Set<Int>, _ arguments: [Expr.Argument], in context: Context) -> Set<Int> {
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

    /// `module.onClose = { ... module ... }`: a closure stored on a component, module or router
    /// that holds that same object strongly, so neither is ever released (`closureCycles`).
    /// The receiver is a name or `self` (written, or a property of `self` assigned by its name).
    func noteClosureCycle(_ target: Expr, captures: [String], in context: Context) {
        let receiver: String, property: String, position: SourcePosition, objects: Set<Int>
        switch target {
        case .member(.name(let name, _), let member, let at) where captures.contains(name):
            (receiver, property, position) = (name, member, at)
            objects = evaluate(.name(name, at), in: context, expecting: nil)
        case .member(.selfRef, let member, let at) where captures.contains("self"):
            (receiver, property, position, objects) = ("self", member, at, context.selfSites)
        case .name(let member, let at) where captures.contains("self"):
            guard let function = context.function, !isLocal(member, in: function) else { return }
            (receiver, property, position, objects) = ("self", member, at, context.selfSites)
        default:
            return
        }
        for object in objects where object != Self.nilSite {
            let type = sites[object].type
            guard index.isAppType(type), index.isComponent(type) || index.isModule(type) || index.isRouter(type) else { continue }
            closureCycles.insert(ClosureCycle(position: position, receiver: receiver, property: property, type: type))
        }
    }
}
