import GraphInspect

// The article shows declarations only; this is an app using them: it makes the root component and
// holder, then asks the holder tree for the module and its router the way the article's lookups do.
let holder = SomeModuleHolder(context: SomeModuleHolderContext(), component: SomeComponentImpl(parent: nil))
let module: SomeModule? = holder.module(for: .someModule)
let router: SomeModuleRouter? = holder.router(for: .someModule, moduleType: SomeModule.self)
let byName: SomeModule? = holder.someModule
print("module found: \(module != nil), router found: \(router != nil), by name: \(byName != nil)")
print(holder.routeToRootView())
