/// Reading the app's own module tree objects through the article's protocols: the holder above,
/// the modules held, a module's router and view component.
extension ModuleTreeTracking {
    /// The holder above a module or holder.
    static func holderAbove(_ object: AnyObject) -> AnyObject? {
        if let module = object as? any Module { return module.holder }
        if let holder = object as? any ModuleHolder { return holder.holder }
        return nil
    }

    /// The component a module or holder keeps: `ModuleObject.component`, else the first stored
    /// property that is a `Component`.
    static func componentOf(_ object: AnyObject) -> Component? {
        if let module = object as? ModuleObject { return module.component }
        return firstStored(in: object) { $0 as? Component }
    }

    /// The view component a router keeps: `RouterObject.viewComponent`, else the first stored
    /// property that is a `ViewComponent`.
    static func viewComponentOf(_ router: AnyObject) -> (any ViewComponent)? {
        if let router = router as? RouterObject { return router.viewComponent }
        return firstStored(in: router) { $0 as? any ViewComponent }
    }

    static func firstStored<T>(in object: AnyObject, _ match: (Any) -> T?) -> T? {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let found = match(child.value) { return found }
                // Optionals (`let component: Component?`) are looked into once.
                if let inner = Mirror(reflecting: child.value).children.first, Mirror(reflecting: child.value).displayStyle == .optional,
                   let found = match(inner.value) { return found }
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
