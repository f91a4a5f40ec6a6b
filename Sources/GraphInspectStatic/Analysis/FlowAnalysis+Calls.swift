import GraphInspectCheckContract

/// Entering a function: which runs a call reaches, initialisers per site, arguments bound to parameters.
extension FlowAnalysis {
    func call(
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
        case _ where Self.isModuleLookup(method, labels: labels) && objects.contains(where: { index.isHolder(sites[$0].type) }):
            let keys = arguments.first.map { evaluate($0.value, in: context, expecting: nil) } ?? []
            // `findModule(key, target: .router)` looks a router up; without `target:`, a module.
            var target: ModuleLookup.Target = method == "router" ? .router : .module
            if case .implicitMember("router")? = arguments.first(where: { $0.label == "target" })?.value { target = .router }
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
        if let declared, Self.isCollection(declared) || !index.types.exists(declared.name) && objects.isEmpty,
           let given = collectionCall(method, on: receivers.subtracting([Self.nilSite]), arguments, in: context) {
            return given
        }
        var argumentValues: [Set<Int>]?
        // Each method once per context (a coarse run's receivers share one).
        var called: Set<Step> = []
        var storedClosures: Set<Int> = []
        for receiver in objects {
            let found = index.methods(method, in: sites[receiver].type).filter { $0.accepts(labels: labels) && !$0.isStatic }
            guard !found.isEmpty else {
                // `makeComponent(parent)` where `makeComponent` is a property holding closures.
                storedClosures.formUnion(readProperty(method, of: receiver).filter { closures[$0] != nil })
                continue
            }
            let values = argumentValues ?? arguments.map { evaluate($0.value, in: context, expecting: nil) }
            argumentValues = values
            for function in found {
                let target = callContext(function, at: position, receiver: contextOf(receiver))
                guard called.insert(.function(id: function.id, context: target)).inserted else { continue }
                link(context, to: .function(id: function.id, context: target))
                bindValues(values, labels: labels, to: function, context: target)
                bindLiterals(arguments, to: function, context: target, from: context)
                result.formUnion(self.values(.result(function: function.id, context: target)))
            }
        }
        if !storedClosures.isEmpty {
            result.formUnion(callClosures(storedClosures, arguments, in: context))
        } else if argumentValues == nil {
            if declared == nil, objects.isEmpty, let given = collectionCall(method, on: receivers.subtracting([Self.nilSite]), arguments, in: context) {
                return given
            }
            evaluateArguments(arguments, in: context)
        }
        if !objects.isEmpty { reached.insert(position) }
        if objects.isEmpty, method == "attach", declared.map({ !index.types.exists($0.name) || index.isHolder($0.name) }) ?? true {
            note(position, "cannot tell which holder `\(describe(base))` is, so what this `attach` attaches is not followed: a module lookup that finds nothing is not an error while it may be attached here", lookup: .attachment)
        }
        if objects.isEmpty, let declared, index.isComponent(declared.name), method == "resolve" {
            if case .selfRef = base {
                note(position, "no source read makes a \(declared.name), so this `resolve` on it is not checked", lookup: .dependency)
            } else {
                note(position, "cannot tell which component `\(describe(base))` is, so this `resolve` is not checked: nothing in the sources read passes one here", lookup: .dependency, givenByCaller: isParameter(base, in: context))
            }
        }
        if objects.isEmpty, let declared, index.isHolder(declared.name), Self.isModuleLookup(method, labels: labels) {
            let what = method == "router" ? "router" : "module"
            note(position, "cannot tell which holder `\(describe(base))` is, so this \(what) lookup is not checked: nothing in the sources read passes one here", lookup: .module, givenByCaller: isParameter(base, in: context))
        }
        return result
    }

    /// `module(for:)`, `router(for:)`, `findModule(_:)`: a holder's module or router lookup.
    static func isModuleLookup(_ method: String, labels: [String?]) -> Bool {
        switch method {
        case "module", "router": labels.first == "for"
        case "findModule": labels.first == .some(nil)
        default: false
        }
    }

    /// `T(arguments)`: the site, its initialiser entered with the arguments, or (a struct
    /// without one) its memberwise fields set.
    func construct(_ type: String, _ arguments: [Expr.Argument], position: SourcePosition, in context: Context) -> Set<Int> {
        let built = site(Site(type: type, position: position, text: nil))
        if recording { builds[context.step, default: []].insert(built) }
        link(context, to: .properties(site: built))
        let labels = arguments.map(\.label)
        if let initializer = index.initializer(of: type, labels: labels) {
            enter(initializer, at: built)
            link(context, to: .function(id: initializer.id, context: built))
            // Overloads Swift chooses between by type: the object's branches are not decided.
            if tracker == nil, index.hasOverloadedInitializers(type, labels: labels) { markOverloaded(built) }
            bind(arguments, to: initializer, contexts: [built], in: context)
            bindLiterals(initializing: initializer, at: built)
        } else {
            for argument in arguments {
                let value = evaluate(argument.value, in: context, expecting: nil)
                if let label = argument.label { add(.field(site: built, name: label), value) }
            }
            bindLiterals(memberwise: arguments, at: built, from: context)
        }
        return [built]
    }

    func enter(_ initializer: FunctionIR, at site: Int) {
        if probing != .off {
            if probing == .mustDoNothing || initializerContexts[initializer.id]?.contains(site) != true { probeFoundEffect = true }
            return
        }
        tracker?.caused(.function(id: initializer.id, context: site))
        if initializerContexts[initializer.id, default: []].insert(site).inserted {
            if recording { lastPassEntered.append((initializer.id, site)) }
            initializerContextsBySite[site, default: []].append(initializer.id)
            schedule(.function(id: initializer.id, context: site))
        }
    }

    /// The context a method or getter runs in for a receiver: the receiver itself, or in a coarse
    /// run `anyReceiver` (one run with every site of the type as `self`). Initialisers run per
    /// site in both: a coarse run has one site per type, and merging them would give every
    /// component made through `Component.init` every parent (quadratic on a chain).
    func contextOf(_ site: Int) -> Int {
        tracker == nil ? site : Self.anyReceiver
    }


    /// In a coarse run, every site whose type reaches `type`: `self` in its functions.
    func selfSlot(_ type: String) -> Slot {
        .local(function: Self.noFunction, context: Self.anyReceiver, name: type)
    }

    func bind(_ arguments: [Expr.Argument], to function: FunctionIR, contexts: Set<Int>, in context: Context) {
        bind(arguments, to: [function], contexts: contexts, in: context)
    }

    func bind(_ arguments: [Expr.Argument], to functions: [FunctionIR], contexts: Set<Int>, in context: Context) {
        let values = arguments.enumerated().map { offset, argument -> Set<Int> in
            let parameterType = functions.first.flatMap { parameter(of: $0, for: offset, labels: arguments.map(\.label))?.type }
            return evaluate(argument.value, in: context, expecting: parameterType)
        }
        for function in functions {
            for target in contexts {
                bindValues(values, labels: arguments.map(\.label), to: function, context: target)
                bindLiterals(arguments, to: function, context: target, from: context)
            }
        }
    }

    func parameter(of function: FunctionIR, for argument: Int, labels: [String?]) -> ParameterDecl? {
        var index = 0
        for parameter in function.parameters {
            if index < labels.count, labels[index] == parameter.label {
                if index == argument { return parameter }
                index += 1
            }
        }
        return nil
    }

    func bindValues(_ values: [Set<Int>], labels: [String?], to function: FunctionIR, context: Int) {
        var index = 0
        for parameter in function.parameters where index < labels.count {
            if labels[index] == parameter.label {
                add(.parameter(function: function.id, context: context, name: parameter.name), values[index])
                index += 1
            }
        }
    }
}
