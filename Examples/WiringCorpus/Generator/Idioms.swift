/// The catalogue: the ways Swift code wires components, holders, modules, builders and routers
/// that the generator combines. docs/check.md lists them in the user's words; `check` must
/// follow each as the run does.

/// How a child feature is attached to its parent's holder (`h` is the holder's handle).
enum AttachIdiom: String, CaseIterable {
    /// `h.attach(Builder())`
    case plain
    /// `let child = h.attach(Builder())`: the value `attach` returns, used below it.
    case returned
    /// `let child = attachFeature(to: h)`: a function that attaches and returns the module.
    case helperFunction
    /// `let maybe: Holder? = h; maybe?.attach(Builder())`
    case optionalChain
    /// `h.attach(Builder(), parentComponent: h.component)`
    case parentComponent
    /// `h.attach(Builder(), context: Context())`
    case explicitContext
    /// `h.attach(Builder(), parentComponent: h.component, context: Context())`
    case parentAndContext
    /// `let steps: [(Holder) -> Void] = [{ ... }]; for step in steps { step(h) }`
    case closureLoop
    /// `[{ _ = h.attach(Builder()) }].forEach { $0() }`
    case closureForEach
    /// `let routes: [String: (Holder) -> Void] = [...]; routes["key"]?(h)`
    case closureDictionary
    /// `do { defer { h.attach(Builder()) } ... }`
    case deferred
    /// `switch choice { case .live: h.attach(Builder()) case .preview: break }`
    case switchCase
    /// `if flag { h.attach(Builder()) } else { h.attach(Builder(), parentComponent: h.component) }`
    case ifElse
    /// `install(Builder(), into: h)`: a generic function over `ModuleBuilder`.
    case genericFunction
    /// `h.add(Builder())`: an extension method of `ModuleHolderObject`.
    case extensionMethod
    /// `Coordinator(holder: h).start()`: a struct that keeps the holder and attaches.
    case coordinator
    /// `h.attach(Builder.make())`: a static factory of the builder.
    case staticFactory
    /// `let (child, _) = (h.attach(Builder()), 0)`: a tuple.
    case tuple
    /// `let child = { h.attach(Builder()) }()`: a closure called where it is written.
    case immediateClosure
    /// `let features: [any Feature] = [FeatureN()]; for f in features { f.install(in: h) }`
    case protocolRegistry
    /// `var slot: Module? = nil; slot = h.attach(Builder())`: an optional assigned later.
    case optionalSlot
    /// `h.attach(Builder().build(parentComponent: h.component, holder: h, context: Context()))`
    case prebuiltModule
    /// `var pending = [...]; while let next = pending.popLast() { next(h) }`
    case workQueue
    /// `var steps: [() -> Void] = []; steps.append { ... }; steps.forEach { $0() }`
    case appendedClosures
    /// `h.install(Builder())`: a method of an app's base holder class the holder inherits.
    case inheritedMethod
}

/// Where a holder attaches its own children.
enum Place: String, CaseIterable {
    /// In the app's `run()`, through the handle the holder's own attach gave (or nested in the
    /// builder when it gave none).
    case run
    /// In the holder's own `init`, on `self` (the bundled sample's shape).
    case initializer
    /// In the holder's builder, on the holder it just made.
    case builder
    /// In an extension method of the holder, called where the holder is made.
    case extensionMethod
}

/// How a builder makes its module's component.
enum ComponentIdiom: String, CaseIterable {
    /// `Component(parent: parentComponent)`
    case direct
    /// `let makeComponent = { Component(parent: $0) }` stored in the builder, called in `build`.
    case storedClosure
    /// `Component.make(parent:)`: a static factory.
    case staticFactory
    /// `Component(parent: parentComponent, title: "...")`: an init of its own calling `super`.
    case customInit
    /// `Builder(makeComponent: { Component(parent: $0) })`: a closure handed to the builder.
    case injectedClosure
    /// A subclass of the app's own base component class.
    case baseClass
}

/// Where and how a feature asks for a dependency.
enum LookupIdiom: String, CaseIterable {
    /// `let _: S = component.name` in the builder.
    case builderTyped
    /// `let _: S = component.name` in the module's (or holder's) `init`.
    case moduleInit
    /// `self.name` in a method of the component, called by the builder.
    case componentMethod
    /// `try? component.resolve("name", as: S.self)`
    case resolve
    /// A closure that reads it, called by the builder.
    case closure
    /// A computed property of the module that reads it.
    case computedProperty
    /// `_ = "\(component.name)"`: inside a string interpolation.
    case interpolation
    /// A free function given the component.
    case freeFunction
    /// Inside `defer` in the builder.
    case deferred
    /// In every case of a `switch`.
    case switchCase
    /// `switch` cases each binding their own `let c` to a different component: the case the run
    /// takes reads it from the feature's, the other from a spare tree's child, which lacks it.
    case siblingLocals
    /// `if live { let _: S = component.name }` in an init given `live: true` for the feature's
    /// component and `live: false` for a spare tree's child, which lacks it: only the first asks.
    case literalFlag
    /// `switch mode { case .live: let _: S = component.name ... }` in a method of a struct made
    /// with `mode: .live` for the feature's component and `mode: .preview` for a spare tree's child.
    case constantCase
}

/// How the end of the run looks a module or router up from a holder.
enum ModuleLookupIdiom: String, CaseIterable {
    /// `h.module(for: "key", as: Module.self)`
    case module
    /// `h.router(for: "key", as: Router.self)`
    case router
    /// `let _: Module? = h.key`: the holder's dynamic member.
    case dynamicMember
    /// `module(for:)` called bare in a method of the holder.
    case holderMethod
}
