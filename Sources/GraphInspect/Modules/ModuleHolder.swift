/// A module that holds modules, nested holders among them, forming the module tree.
///
/// The article's shape: conform your own class (`class AppHolder: RootModule, Module, ModuleHolder`)
/// and keep the modules in `supportedModules`; the lookups (`module(for:)`, `router(for:moduleType:)`,
/// `holder.settings`) come with the protocol, recorded. `ModuleHolderObject` is a ready-made
/// conformance with thread-safe `attach` and `detach` that records every change as it happens.
///
/// Lookups search this holder's modules, then its holder's, one level up per step, to the root.
/// (The article's loop never moved up a level; and what it called breadth-first search is this straight
/// walk up: siblings and cousins are never searched.)
@dynamicMemberLookup
public protocol ModuleHolder: AnyObject {
    /// The holder above this one; nil at the root.
    var holder: ModuleHolder? { get }
    /// The modules this holder holds, nested holders included.
    var supportedModules: [any Module] { get }
}

/// A holder at the root of a module tree: the app makes it from its root component.
///
/// A marker, as in the article: lookups end at a root, and pictures draw the module tree from it.
public protocol RootModule: ModuleHolder {}
