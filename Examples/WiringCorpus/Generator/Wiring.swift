/// The attach statements of an app, each in the idiom its plan drew, gathered by where they
/// go: `run()`, a holder's `init`, a builder, an extension method; with the helper functions
/// and types those idioms need.
struct Wiring {
    let writer: WiringAppWriter
    /// Lines after `super.init` in a holder's init, by holder.
    var initializers: [Int: [String]] = [:]
    /// Lines after the module is made in a builder, by feature.
    var builders: [Int: [String]] = [:]
    /// Bodies of `wireChildren()` extension methods, by holder.
    var extensions: [Int: [String]] = [:]
    /// Methods added to a holder's class, by holder.
    var methods: [Int: [String]] = [:]
    /// Free functions, protocols, structs and extensions, in the order first needed.
    var support: [String] = []
    private var supportWritten: Set<String> = []
    private var counter = 0

    init(writer: WiringAppWriter) {
        self.writer = writer
    }

    private var plan: WiringPlan { writer.plan }
    private var p: String { plan.prefix }
    private var lower: String { "w\(plan.seed)" }

    /// The body of `run()`: the root made, the wiring placed in it, then the module and router
    /// lookups from every handle it kept.
    mutating func run() -> [String] {
        var lines = ["let root = \(writer.holderType(0))(key: \"root\", holder: nil, context: \(p)Context(), component: \(writer.componentType(0))())"]
        var handles = [WiringAppWriter.Handle(expression: "root", holder: 0)]
        switch plan.rootPlace {
        case .initializer:
            var none: [WiringAppWriter.Handle]? = nil
            initializers[0] = wire(0, on: "self", handles: &none)
        case .extensionMethod:
            var none: [WiringAppWriter.Handle]? = nil
            extensions[0] = wire(0, on: "self", handles: &none)
            lines.append("root.wireChildren()")
        case .run, .builder:
            var kept: [WiringAppWriter.Handle]? = []
            lines += wire(0, on: "root", handles: &kept)
            handles += kept ?? []
        }
        for lookup in plan.moduleLookups {
            lines += moduleLookup(from: WiringAppWriter.Handle(expression: "root", holder: lookup.holder), key: lookup.key, idiom: lookup.idiom)
        }
        // From each other handle: its first child (at itself), and a child of its parent (one hop up).
        for handle in handles.dropFirst() {
            let idioms = ModuleLookupIdiom.allCases
            if let own = plan.children(of: handle.holder).first {
                lines += moduleLookup(from: handle, key: own, idiom: idioms[counter % idioms.count])
            }
            if let sibling = plan.children(of: plan.feature(handle.holder).parent).first {
                lines += moduleLookup(from: handle, key: sibling, idiom: idioms[(counter + 1) % idioms.count])
            }
        }
        lines.append("withExtendedLifetime(root) {}")
        return lines
    }

    private mutating func moduleLookup(from handle: WiringAppWriter.Handle, key: Int, idiom: ModuleLookupIdiom) -> [String] {
        counter += 1
        let e = handle.expression
        let type = writer.moduleType(key)
        switch idiom {
        case .module:
            return ["_ = \(e).module(for: \"f\(key)\", as: \(type).self)"]
        case .router:
            return ["_ = \(e).router(for: \"f\(key)\", as: \(writer.routerType(key)).self)"]
        case .dynamicMember:
            return ["let _: \(type)? = \(e).f\(key)"]
        case .holderMethod:
            methods[handle.holder, default: []] += [
                "func find\(counter)() -> \(type)? {",
                "    module(for: \"f\(key)\", as: \(type).self)",
                "}",
            ]
            return ["_ = \(e).find\(counter)()"]
        }
    }

    /// The attach statements of `holder`'s children on the handle `e`, and of their children
    /// where their place is here. `handles` (when not nil) keeps the handles made at this level.
    mutating func wire(_ holder: Int, on e: String, handles: inout [WiringAppWriter.Handle]?) -> [String] {
        var lines: [String] = []
        for child in plan.children(of: holder) {
            let (attached, handle) = attach(child, on: e, holder: holder)
            lines += attached
            let feature = plan.feature(child)
            guard feature.isHolder else { continue }
            var none: [WiringAppWriter.Handle]? = nil
            switch feature.place {
            case .run where handle != nil:
                if handles != nil, let handle { handles?.append(WiringAppWriter.Handle(expression: handle, holder: child)) }
                lines += wire(child, on: handle!, handles: &handles)
            case .run, .builder:
                builders[child, default: []] += wire(child, on: "made", handles: &none)
            case .initializer:
                initializers[child] = wire(child, on: "self", handles: &none)
            case .extensionMethod:
                extensions[child] = wire(child, on: "self", handles: &none)
                builders[child, default: []].append("made.wireChildren()")
            }
        }
        return lines
    }

    private mutating func need(_ name: String, _ lines: [String]) {
        guard supportWritten.insert(name).inserted else { return }
        if !support.isEmpty { support.append("") }
        support += lines
    }

    /// One child attached on `e` in its idiom: the lines, and the name it can be reached by
    /// afterwards, when the idiom gives one.
    private mutating func attach(_ child: Int, on e: String, holder: Int) -> ([String], String?) {
        counter += 1
        let n = counter
        let builder = writer.newBuilder(child)
        let type = writer.moduleType(child)
        let holderType = writer.holderType(holder)
        let name = "c\(n)"
        switch plan.feature(child).attach {
        case .plain:
            return (["\(e).attach(\(builder))"], nil)
        case .returned:
            return (["let \(name) = \(e).attach(\(builder))", "_ = \(name).key"], name)
        case .helperFunction:
            need("attachF\(child)", [
                "@discardableResult",
                "func \(lower)AttachF\(child)(to holder: \(holderType)) -> \(type) {",
                "    holder.attach(\(builder))",
                "}",
            ])
            return (["let \(name) = \(lower)AttachF\(child)(to: \(e))", "_ = \(name).key"], name)
        case .optionalChain:
            return (["let maybe\(n): \(holderType)? = \(e)", "maybe\(n)?.attach(\(builder))"], nil)
        case .parentComponent:
            return (["\(e).attach(\(builder), parentComponent: \(e).component)"], nil)
        case .explicitContext:
            return (["\(e).attach(\(builder), context: \(p)Context())"], nil)
        case .parentAndContext:
            return (["let \(name) = \(e).attach(\(builder), parentComponent: \(e).component, context: \(p)Context())", "_ = \(name).key"], name)
        case .closureLoop:
            return ([
                "let steps\(n): [(\(holderType)) -> Void] = [{ _ = $0.attach(\(builder)) }]",
                "for step in steps\(n) { step(\(e)) }",
            ], nil)
        case .closureForEach:
            return (["[{ _ = \(e).attach(\(builder)) }].forEach { $0() }"], nil)
        case .closureDictionary:
            return ([
                "let routes\(n): [String: (\(holderType)) -> Void] = [\"f\(child)\": { _ = $0.attach(\(builder)) }]",
                "routes\(n)[\"f\(child)\"]?(\(e))",
            ], nil)
        case .deferred:
            return (["do {", "    defer { \(e).attach(\(builder)) }", "    _ = \(e).key", "}"], nil)
        case .switchCase:
            return ([
                "switch \(p)Choice.current {",
                "case .live: \(e).attach(\(builder))",
                "case .preview: break",
                "}",
            ], nil)
        case .ifElse:
            return ([
                "if \(p)Flags.enabled {",
                "    \(e).attach(\(builder))",
                "} else {",
                "    \(e).attach(\(builder), parentComponent: \(e).component)",
                "}",
            ], nil)
        case .genericFunction:
            need("install", [
                "@discardableResult",
                "func \(lower)Install<B: ModuleBuilder>(_ builder: B, into holder: ModuleHolderObject) -> B.Built where B.Context: ModuleHolderContext {",
                "    holder.attach(builder)",
                "}",
            ])
            return (["let \(name) = \(lower)Install(\(builder), into: \(e))", "_ = \(name).key"], name)
        case .extensionMethod:
            need("add", [
                "extension ModuleHolderObject {",
                "    @discardableResult",
                "    func \(lower)Add<B: ModuleBuilder>(_ builder: B) -> B.Built where B.Context: ModuleHolderContext {",
                "        attach(builder)",
                "    }",
                "}",
            ])
            return (["\(e).\(lower)Add(\(builder))"], nil)
        case .coordinator:
            need("coordinator\(child)", [
                "struct \(p)F\(child)Coordinator {",
                "    let holder: \(holderType)",
                "    func start() {",
                "        holder.attach(\(builder))",
                "    }",
                "}",
            ])
            return (["\(p)F\(child)Coordinator(holder: \(e)).start()"], nil)
        case .staticFactory:
            return (["\(e).attach(\(writer.builderType(child)).make())"], nil)
        case .tuple:
            return (["let (\(name), _) = (\(e).attach(\(builder)), 0)", "_ = \(name).key"], name)
        case .immediateClosure:
            return (["let \(name) = { \(e).attach(\(builder)) }()", "_ = \(name).key"], name)
        case .protocolRegistry:
            need("feature", ["protocol \(p)Feature {", "    func install(in holder: ModuleHolderObject)", "}"])
            need("feature\(child)", [
                "struct \(p)F\(child)Feature: \(p)Feature {",
                "    func install(in holder: ModuleHolderObject) {",
                "        holder.attach(\(builder))",
                "    }",
                "}",
            ])
            return ([
                "let features\(n): [any \(p)Feature] = [\(p)F\(child)Feature()]",
                "for feature in features\(n) { feature.install(in: \(e)) }",
            ], nil)
        case .optionalSlot:
            return ([
                "var slot\(n): \(type)? = nil",
                "slot\(n) = \(e).attach(\(builder))",
                "_ = slot\(n)?.key",
            ], "slot\(n)!")
        case .prebuiltModule:
            return (["\(e).attach(\(builder).build(parentComponent: \(e).component, holder: \(e), context: \(p)Context()))"], nil)
        case .workQueue:
            return ([
                "var pending\(n): [(\(holderType)) -> Void] = [{ _ = $0.attach(\(builder)) }]",
                "while let next = pending\(n).popLast() { next(\(e)) }",
            ], nil)
        case .appendedClosures:
            return ([
                "var later\(n): [() -> Void] = []",
                "later\(n).append { _ = \(e).attach(\(builder)) }",
                "later\(n).forEach { $0() }",
            ], nil)
        case .inheritedMethod:
            return (["let \(name) = \(e).install(\(builder))", "_ = \(name).key"], name)
        }
    }
}
