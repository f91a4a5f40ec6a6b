import GraphInspectCheckContract

/// Module lookups, the static types the compiler would see, and what the last pass records.
extension FlowAnalysis {
    // MARK: Module lookups

    /// The modules (or routers) a lookup of `key` from `holder` finds now; recorded on the last pass.
    func moduleLookup(from holder: Int, key: String, target: ModuleLookup.Target, position: SourcePosition) -> Set<Int> {
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

    /// `Foo` in `Foo.bar` when Foo names a type, not a variable; `Self` is the type the code is in.
    func staticTypeReference(_ expr: Expr, in context: Context) -> String? {
        switch expr {
        case .typeRef(let type): return type.name == "Self" ? context.owner : type.name
        case .name(let name, _) where index.types.exists(name) && name.first?.isUppercase == true: return name
        default: return nil
        }
    }

    /// The type the compiler gives an expression, as far as the source writes it.
    func staticType(_ expr: Expr, in context: Context) -> WrittenType? {
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
            guard let baseType = staticType(base, in: context) else {
                // `holder.supportedModules` where the holder's type is not written: a property of
                // the runtime's classes has the type the runtime gives it.
                return Self.runtimePropertyTypes[name]
            }
            guard let (_, decl) = index.property(name, in: baseType.name) else { return nil }
            return decl.type
        case .call(.name(let name, _), _, _) where index.types.exists(name):
            return WrittenType(name: name, isOptional: false, spelling: name)
        case .call(.member(let base, let method, _), _, _):
            guard let baseType = staticType(base, in: context) else { return FileReader.collectionMethodType(method) }
            if Self.isCollection(baseType) { return FileReader.collectionMethodType(method) }
            return index.methods(method, in: baseType.name).first?.returnType
        case .cast(_, let type):
            return type
        default:
            return nil
        }
    }

    // MARK: Recording

    func record(_ lookup: DependencyLookup) {
        guard recording else { return }
        lookups.insert(lookup)
        tracker?.produced()
    }

    /// A component's own property read where deleting it would make the read a lookup: the
    /// compiler's type for the receiver is a component, or unknown (so the value's type decides).
    /// Only the last pass records, so every other pass leaves at the first test.
    func recordPropertyRead(receiver: Int, name: String, type: WrittenType?, position: SourcePosition, declared: WrittenType?) {
        guard recording, index.isComponent(sites[receiver].type), index.property(name, in: sites[receiver].type) != nil else { return }
        if let declared, index.types.exists(declared.name), !index.isComponent(declared.name) { return }
        propertyReads.insert(PropertyRead(receiver: receiver, name: name, type: type, position: position, declared: declared.flatMap { index.types.exists($0.name) ? $0.name : nil }))
        tracker?.produced()
    }

    func note(_ position: SourcePosition, _ message: String, lookup: Unresolved.LookupKind? = nil, givenByCaller: Bool = false) {
        guard recording else { return }
        pendingNotes.insert(Unresolved(position: position, message: message, lookup: lookup, givenByCaller: givenByCaller))
        tracker?.produced()
    }

    /// Whether `base` is a parameter of the function the expression is in (not a local that
    /// shadows one): a value its caller gives.
    func isParameter(_ base: Expr, in context: Context) -> Bool {
        guard case .name(let name, _) = base, let function = context.function else { return false }
        return function.locals[name] == nil && function.parameters.contains { $0.name == name }
    }

    func noteDefinitely(_ note: Unresolved) {
        definiteNotes.insert(note)
        tracker?.produced()
    }

    func describe(_ expr: Expr) -> String {
        switch expr {
        case .name(let name, _): name
        case .selfRef: "self"
        case .member(let base, let name, _): "\(describe(base)).\(name)"
        case .call(let callee, _, _): "\(describe(callee))(...)"
        default: "the value"
        }
    }
}
