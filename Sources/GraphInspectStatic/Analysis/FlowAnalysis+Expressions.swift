import GraphInspectCheckContract

/// What an expression may hold: names, members (dynamic-member lookups among them) and calls.
extension FlowAnalysis {
    // MARK: Expressions

    func evaluate(_ expr: Expr, in context: Context, expecting: WrittenType?) -> Set<Int> {
        switch expr {
        case .nilLiteral:
            return [Self.nilSite]
        case .literal(let type, let text):
            // A Bool literal's text is for branches (`bindLiterals`), not a key.
            guard let text, type.name != "Bool" else { return [] }
            return [site(Site(type: Self.stringType, position: nil, text: text))]
        case .selfRef:
            return context.selfSites
        case .superRef, .typeRef, .dynamicString, .unknown:
            return []
        case .closure(let parameters, let result, let position, _):
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
            // `component.analytics as Analytics`: the type the lookup asks for.
            let result = evaluate(value, in: context, expecting: type)
            guard index.types.exists(type.name) else { return result }
            return result.filter { isObject($0) && index.reaches(sites[$0].type, type.name) }
        case .anyOf(let list):
            return list.reduce(into: Set<Int>()) { $0.formUnion(evaluate($1, in: context, expecting: expecting)) }
        case .effects(let list):
            for item in list { _ = evaluate(item, in: context, expecting: nil) }
            return []
        }
    }

    func evaluateName(_ name: String, in context: Context) -> Set<Int> {
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
        var isMember = false
        for site in context.selfSites where index.property(name, in: sites[site].type) != nil {
            isMember = true
            result.formUnion(readProperty(name, of: site))
        }
        // A global: what the top-level code binds to the name (`let feature = FeatureComponent(...)`
        // in main.swift, read in a function).
        if !isMember, context.function?.kind != .topLevel {
            for code in topLevel where code.locals[name] != nil {
                result.formUnion(values(.local(function: code.id, context: Self.noReceiver, name: name)))
            }
        }
        return result
    }

    /// A property's value on a site: a stored field, or what its getter returns.
    func readProperty(_ name: String, of site: Int) -> Set<Int> {
        guard let (_, decl) = index.property(name, in: sites[site].type) else { return [] }
        guard let getter = decl.getter else { return values(.field(site: site, name: name)) }
        let given = values(.result(function: getter.id, context: contextOf(site)))
        // A stored property read through its initialiser's getter holds what is assigned too.
        return decl.form == .computed ? given : given.union(values(.field(site: site, name: name)))
    }

    func evaluateMember(base: Expr, name: String, position: SourcePosition, in context: Context, expecting: WrittenType?) -> Set<Int> {
        if let typeName = staticTypeReference(base, in: context) {
            // `ModuleKey.home`, `ShopModules.cart`: a key; other static members carry no site.
            return [site(Site(type: Self.stringType, position: nil, text: index.keyString(name, expecting: typeName)))]
        }
        let receivers = evaluate(base, in: context, expecting: nil)
        let declared = staticType(base, in: context)
        if let declared, Self.isCollection(declared) {
            // `items.count`, `holders.first`: a member of the collection, not of what it holds.
            return Self.elementMembers.contains(name) ? receivers : []
        }
        var result: Set<Int> = []
        var objects = 0
        for receiver in receivers where isObject(receiver) {
            objects += 1
            let type = sites[receiver].type
            if !isDynamic(name, declared: declared, actual: type) {
                result.formUnion(readProperty(name, of: receiver))
                recordPropertyRead(receiver: receiver, name: name, type: expecting, position: position, declared: declared)
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
                note(position, "cannot tell which component `\(describe(base))` is, so the lookup of `\(name)` is not checked: nothing in the sources read passes one here", lookup: .dependency, givenByCaller: isParameter(base, in: context))
            } else if index.isHolder(declared.name) {
                note(position, "cannot tell which holder `\(describe(base))` is, so the lookup of module `\(name)` is not checked: nothing in the sources read passes one here", lookup: .module, givenByCaller: isParameter(base, in: context))
            }
        }
        return result
    }

    /// Whether `x.name` is a dynamic-member lookup: the declared type (else the value's type) has
    /// no member `name`, and it is a component or a holder.
    func isDynamic(_ name: String, declared: WrittenType?, actual: String?) -> Bool {
        if let declared, index.types.exists(declared.name) {
            guard index.isComponent(declared.name) || index.isHolder(declared.name) else { return false }
            return !index.declares(name, in: declared.name)
        }
        guard let actual else { return false }
        return !index.declares(name, in: actual)
    }

    func evaluateCall(_ callee: Expr, _ arguments: [Expr.Argument], position: SourcePosition, in context: Context, expecting: WrittenType?) -> Set<Int> {
        let labels = arguments.map(\.label)
        // `T(...)` and `T.init(...)`: a new site (`T` may be a type nested in the one we are in).
        if case .name(let name, _) = callee, !isVariable(name, in: context) {
            if let owner = context.owner, index.types.exists("\(owner).\(name)") {
                return construct("\(owner).\(name)", arguments, position: position, in: context)
            }
            if index.types.exists(name) { return construct(name, arguments, position: position, in: context) }
        }
        if case .member(.name(let name, _), "init", _) = callee, index.types.exists(name) {
            return construct(name, arguments, position: position, in: context)
        }
        if case .member(.superRef, "init", _) = callee {
            guard let owner = context.owner, let superclass = index.superclassName(of: owner),
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
            if let typeName = staticTypeReference(base, in: context) {
                // A static method: `SampleApp.run()`.
                let found = index.methods(method, in: typeName).filter { $0.isStatic && $0.accepts(labels: labels) }
                return callFree(found, arguments, position: position, in: context)
            }
            let receivers = evaluate(base, in: context, expecting: nil)
            return call(method, on: receivers, arguments, position: memberPosition, declared: staticType(base, in: context), base: base, in: context, expecting: expecting)
        }
        if case .name(let name, let namePosition) = callee {
            // A component's own `resolve(...)` is a lookup even where nothing makes the component
            // (no self sites): `call` notes it as not checked rather than losing it.
            // So is a holder's own `module(for:)` and `router(for:)`, which the runtime declares in
            // an extension the stand-ins leave to `call`.
            let holdersOwnLookup = (name == "module" || name == "router") && labels.first == "for"
                && context.owner.map(index.isHolder) == true
            if let owner = context.owner,
               !context.selfSites.isEmpty && (index.declares(name, in: owner) || name == "resolve" || holdersOwnLookup)
                || context.selfSites.isEmpty && name == "resolve" && index.isComponent(owner) {
                return call(name, on: context.selfSites, arguments, position: namePosition, declared: WrittenType(name: owner, isOptional: false, spelling: owner), base: .selfRef, in: context, expecting: expecting)
            }
            // `start(root)` in a static method: the type's own static method, which Swift finds
            // before a free function of that name.
            if context.function?.isStatic == true, let owner = context.owner {
                let found = index.methods(name, in: owner).filter { $0.isStatic && $0.accepts(labels: labels) }
                if !found.isEmpty { return callFree(found, arguments, position: position, in: context) }
            }
            index.types.tracker?.asked(function: name)
            if let found = freeFunctions[name]?.filter({ $0.accepts(labels: labels) }), !found.isEmpty {
                return callFree(found, arguments, position: position, in: context)
            }
        }
        // A variable holding closures, called; or a closure called where it is written
        // (`{ ... }()`), or one a call gives (`makeStep()(holder)`).
        var holdsClosures = false
        switch callee {
        case .name(let name, _): holdsClosures = isVariable(name, in: context)
        case .closure, .call: holdsClosures = true
        default: break
        }
        if holdsClosures {
            let callees = evaluate(callee, in: context, expecting: nil).filter { closures[$0] != nil }
            if !callees.isEmpty { return callClosures(callees, arguments, in: context) }
        }
        evaluateArguments(arguments, in: context)
        return []
    }

    /// Free or static functions called: each in its context for this call (`callContext`).
    func callFree(_ found: [FunctionIR], _ arguments: [Expr.Argument], position: SourcePosition, in context: Context) -> Set<Int> {
        var result: Set<Int> = []
        for function in found {
            let target = callContext(function, at: position, receiver: Self.noReceiver)
            link(context, to: .function(id: function.id, context: target))
            bind(arguments, to: function, contexts: [target], in: context)
            result.formUnion(values(.result(function: function.id, context: target)))
        }
        return result
    }

    func isVariable(_ name: String, in context: Context) -> Bool {
        guard let function = context.function else { return false }
        return isLocal(name, in: function)
    }

    func evaluateArguments(_ arguments: [Expr.Argument], in context: Context) {
        for argument in arguments { _ = evaluate(argument.value, in: context, expecting: nil) }
    }

    /// `receiver.method(arguments)` for every receiver site: the runtime's lookups by name, or the
    /// method's body with the receiver as its context.
}
