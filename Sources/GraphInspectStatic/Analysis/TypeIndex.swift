import GraphInspectCheckContract

/// Questions about the app's types (and the runtime's) that the analysis asks again and again:
/// what a type inherits, whether it is a component, holder, module or builder, and which
/// declaration a member name reaches. Answers are cached.
final class TypeIndex {
    let types: TypeTable
    /// Set when the index is of part of the sources (`PartialReading`): told every name asked for.
    /// The library's names the app declares again (`SourceReader.shadowed`).
    let shadowed: Set<String>
    /// What `supertypes` and the chain walks read of each type, apart from its declaration: a
    /// `TypeDecl` read out of `types` is copied whole (a dozen tables retained and released),
    /// and those walks run for every type a check or an edit asks about.
    private let links: [String: Links]
    private var supertypeCache: [String: [String]] = [:]

    private struct Links {
        /// The class it inherits from, when its first class among the names it inherits is one
        /// the index knows.
        var superclass: String?
        var inherited: [String]
        var isLibrary: Bool
    }

    /// `tracker`: the index is of part of the sources; every name a question reads is told to it.
    init(types: [String: TypeDecl], shadowed: Set<String> = [], tracker: NameTracker? = nil) {
        var types = types
        self.shadowed = shadowed
        let library = RuntimeDeclarations.module + "."
        // Names resolved as Swift resolves them: `GraphInspect.X` is the library's X (kept under
        // that name when the app shadows X, else the same type as plain `X`); a plain name in the
        // library's own declarations means the library's.
        for (name, type) in types {
            // Written only when a name changes: a write copies the table once, then each type.
            var changed = false
            let inherited = type.inherited.map { written in
                var written = written
                if written.name.hasPrefix(library), !shadowed.contains(String(written.name.dropFirst(library.count))) {
                    written.name = String(written.name.dropFirst(library.count))
                    changed = true
                } else if type.isLibrary, shadowed.contains(written.name) {
                    written.name = library + written.name
                    changed = true
                }
                return written
            }
            if changed { types[name]?.inherited = inherited }
        }
        for (name, type) in types where type.isLibrary && !name.hasPrefix(library) { types[library + name] = type }
        var links: [String: Links] = [:]
        links.reserveCapacity(types.count)
        for (name, type) in types {
            links[name] = Links(superclass: nil, inherited: type.inherited.map(\.name), isLibrary: type.isLibrary)
        }
        // A class's superclass is its first inherited name that is a class the index knows.
        for (name, type) in types where type.kind == .class {
            links[name]?.superclass = type.inherited.first { types[$0.name]?.kind == .class }?.name
        }
        self.types = TypeTable(types, tracker: tracker)
        self.links = links
    }

    private var tracker: NameTracker? { types.tracker }

    /// What the walks read of `name`. Over part of the sources, `name` and what it inherits are
    /// asked for: its superclass is the first of those that is a class.
    private func link(_ name: String) -> Links? {
        let found = links[name]
        if let tracker {
            tracker.askedHeader(of: name)
            if found == nil { tracker.asked(NameTracker.existenceKey(name)) }
            for inherited in found?.inherited ?? [] { tracker.askedHeader(of: inherited) }
        }
        return found
    }

    /// The class `name` inherits from, when the index knows it for a class.
    func superclassName(of name: String) -> String? {
        link(name)?.superclass
    }

    /// `name` and everything it inherits, nearest first (superclasses before protocols).
    func supertypes(of name: String) -> [String] {
        if let cached = supertypeCache[name] { return cached }
        var order: [String] = []
        var seen: Set<String> = []
        var queue = [name]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            guard seen.insert(current).inserted else { continue }
            order.append(current)
            guard let type = link(current) else { continue }
            if let superclass = type.superclass { queue.insert(superclass, at: 0) }
            queue += type.inherited.filter { $0 != type.superclass }
        }
        supertypeCache[name] = order
        return order
    }

    func reaches(_ name: String, _ target: String) -> Bool {
        supertypes(of: name).contains(target)
    }

    /// Whether a type is the library's or reaches one of its types: its objects are the graph's.
    func isGraphType(_ name: String) -> Bool {
        if let cached = graphTypeCache[name] { return cached }
        let result = supertypes(of: name).contains { link($0)?.isLibrary == true }
        graphTypeCache[name] = result
        return result
    }
    private var graphTypeCache: [String: Bool] = [:]

    func isComponent(_ name: String) -> Bool { plays(name, libraryName("Component")) }
    func isHolder(_ name: String) -> Bool { plays(name, libraryName("ModuleHolder")) }
    func isModule(_ name: String) -> Bool { plays(name, libraryName("Module")) }
    func isRouter(_ name: String) -> Bool { plays(name, libraryName("Routing")) }

    /// Whether `name` reaches the library's `target`. Over part of the sources, by the walk up
    /// from `name` (the walk down reads every type), with `target` asked for too.
    private func plays(_ name: String, _ target: String) -> Bool {
        guard let tracker else { return reaching(target).contains(name) }
        tracker.asked(target)
        return reaches(name, target)
    }

    /// Every name whose `supertypes` hold `target` (`target` among them), found once by walking
    /// down from it: the roles are asked of every type, and a walk up from each costs a
    /// `supertypes` list per type.
    private func reaching(_ target: String) -> Set<String> {
        if let found = reachingCache[target] { return found }
        var found: Set<String> = [target]
        var queue = [target]
        while let current = queue.popLast() {
            for name in inheritors[current] ?? [] where found.insert(name).inserted { queue.append(name) }
        }
        reachingCache[target] = found
        return found
    }
    private var reachingCache: [String: Set<String>] = [:]

    /// Each name with the types that write it among what they inherit.
    private lazy var inheritors: [String: [String]] = {
        var inheritors: [String: [String]] = [:]
        for (name, type) in links {
            for written in Set(type.inherited) { inheritors[written, default: []].append(name) }
        }
        return inheritors
    }()

    /// The key of the library's type `name`: `GraphInspect.name` when the app declares its own.
    func libraryName(_ name: String) -> String {
        shadowed.contains(name) ? RuntimeDeclarations.module + "." + name : name
    }
    func isAppType(_ name: String) -> Bool { link(name).map { !$0.isLibrary } ?? false }

    /// Whether a class is marked `@Providers`, so lookups see its computed properties.
    func listsComputedProviders(_ name: String) -> Bool { header(of: name)?.attributes.contains("Providers") == true }

    /// Whether `name` is a class, struct, enum, protocol or actor, when the sources declare it.
    func kind(of name: String) -> TypeDecl.Kind? { header(of: name)?.kind }

    /// The case names of `name` when the sources declare it as an enum (its cases are in its
    /// declaration, never in an extension).
    func enumCases(of name: String) -> Set<String>? {
        guard let type = header(of: name), type.kind == .enum, !type.isLibrary, !type.cases.isEmpty else { return nil }
        return Set(type.cases.keys)
    }

    /// The type `name`, for what its declarations decide (kind, module, attributes, place).
    private func header(of name: String) -> TypeDecl? {
        let found = types.unasked(name)
        tracker?.askedHeader(of: name)
        if found == nil { tracker?.asked(NameTracker.existenceKey(name)) }
        return found
    }

    /// The type `name`, for its members named `member` alone.
    private func type(_ name: String, member: String) -> TypeDecl? {
        let found = types.unasked(name)
        tracker?.asked(member: member, of: name, present: found != nil)
        return found
    }

    /// The property `member` a value of type `name` has, and the type that declares it.
    func property(_ member: String, in name: String) -> (owner: String, decl: PropertyDecl)? {
        for type in supertypes(of: name) {
            if let decl = self.type(type, member: member)?.properties[member], !decl.isStatic { return (type, decl) }
        }
        return nil
    }

    /// The methods named `member` of the nearest type declaring any.
    func methods(_ member: String, in name: String) -> [FunctionIR] {
        for type in supertypes(of: name) {
            if let found = self.type(type, member: member)?.methods[member], !found.isEmpty { return found }
        }
        return []
    }

    /// Whether values of type `name` have a member `member` the compiler would find (so using it
    /// is not a dynamic-member lookup).
    func declares(_ member: String, in name: String) -> Bool {
        supertypes(of: name).contains { type in
            guard let decl = self.type(type, member: member) else { return false }
            return decl.properties[member] != nil || decl.methods[member] != nil
        }
    }

    /// Whether more than one initialiser of `name` (its own, or the nearest class's that declares
    /// any) accepts `labels`: Swift then chooses by types the reading does not know.
    func hasOverloadedInitializers(_ name: String, labels: [String?]) -> Bool {
        var current: String? = name
        while let name = current, let initializers = type(name, member: "init")?.initializers {
            if !initializers.isEmpty { return initializers.filter { $0.accepts(labels: labels) }.count > 1 }
            current = link(name)?.superclass
        }
        return false
    }

    /// The initialiser `T(labels...)` runs: the type's own, else (a class declaring none) its
    /// superclass's, as Swift inherits them.
    func initializer(of name: String, labels: [String?]) -> FunctionIR? {
        var current: String? = name
        while let name = current, let initializers = type(name, member: "init")?.initializers {
            // Swift prefers the overload that needs fewest defaults: `init(c:)` over `init(c:online:
            // = false)` for `T(c: x)`.
            if let match = initializers.filter({ $0.accepts(labels: labels) }).min(by: { $0.parameters.count < $1.parameters.count }) {
                return match
            }
            if !initializers.isEmpty { return nil }
            current = link(name)?.superclass
        }
        return nil
    }

    /// The stored properties of a component class with what the runtime's provider index sees:
    /// every class between it and `Component`, superclass first.
    func providers(of name: String) -> [(owner: String, decl: PropertyDecl)] {
        var chain: [String] = []
        var current: String? = name
        while let name = current, let type = link(name), !type.isLibrary {
            chain.append(name)
            current = type.superclass
        }
        var result: [(String, PropertyDecl)] = []
        for owner in chain.reversed() {
            guard let type = types[owner] else { continue }
            for property in type.propertyOrder.compactMap({ type.properties[$0] }) where !property.isStatic {
                result.append((owner, property))
            }
        }
        return result
    }

    /// The string a key written `.name` stands for: a `ModuleKey` constant's literal, else an enum
    /// case's raw value (the enum the context expects first), else the name itself.
    func keyString(_ name: String, expecting: String?) -> String {
        if let expecting, let type = type(expecting, member: name) {
            if let constant = type.stringConstants[name] { return constant }
            if let raw = type.cases[name] { return raw ?? name }
        }
        if let constant = type("ModuleKey", member: name)?.stringConstants[name] { return constant }
        if let raw = enumCaseValues[name] { return raw ?? name }
        return name
    }

    /// Each enum case name with its raw value, from the first enum declaring it by type name.
    /// Built once: sorting every type for each key read made `check` quadratic in the code's size.
    private lazy var enumCaseValues: [String: String?] = {
        var values: [String: String?] = [:]
        for type in types.values.sorted(by: { $0.name < $1.name }) where type.kind == .enum {
            for (name, raw) in type.cases where values[name] == nil { values[name] = .some(raw) }
        }
        return values
    }()

    /// The module-qualified spelling the runtime records for a written type
    /// (`Swift.Optional<Shop.Payments>`); "_" when the source does not say.
    func recordedName(_ type: WrittenType?) -> String {
        guard let type else { return "_" }
        guard let decl = header(of: type.name) else { return Self.recordedName(outside: type) }
        // A type other modules declare too is already kept as `Module.X`.
        let base = type.name.hasPrefix(decl.module + ".") ? type.name : "\(decl.module).\(type.name)"
        return type.isOptional ? "Swift.Optional<\(base)>" : base
    }

    /// The recorded spelling of a type the sources do not declare.
    static func recordedName(outside type: WrittenType) -> String {
        let base: String
        if Self.standardTypes.contains(type.name) {
            base = "Swift.\(type.name)"
        } else if Self.foundationTypes.contains(type.name) {
            base = "Foundation.\(type.name)"
        } else if type.name == "Array" || type.name == "Dictionary" {
            base = type.spelling.hasSuffix("?") ? String(type.spelling.dropLast()) : type.spelling
        } else {
            base = type.name
        }
        return type.isOptional ? "Swift.Optional<\(base)>" : base
    }

    static let standardTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Character", "Substring", "Set", "Result", "Never", "Void",
    ]
    static let foundationTypes: Set<String> = ["URL", "Date", "Data", "UUID", "Decimal", "TimeInterval"]
}
