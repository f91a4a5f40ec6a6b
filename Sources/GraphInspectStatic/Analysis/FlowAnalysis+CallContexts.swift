import GraphInspectCheckContract

/// Functions that give back what they were given run once per call, not once per receiver.
///
/// `holder.attach(builder)` returns the module *that* builder built, and `install(builder, into:
/// holder)` the module of *its* builder; run once per receiver, every call on one holder would
/// return every module attached to it, and a child attached through the value returned would
/// hang below each of them (a false error at every lookup below). So a function that takes
/// arguments and returns a value that may hold an object runs in a context of its own for each
/// call: a site of type `callType` named by the call's position, the function and the receiver,
/// so it is kept, coded and compared like any other site.
extension FlowAnalysis {
    /// Strings, closures, calls and Bool literals: sites that are values, not objects with
    /// members to run.
    static func isValueType(_ type: String) -> Bool {
        type == stringType || type == closureType || type == callType || type == literalType
    }

    /// Whether calls of `function` each run in a context of their own: it takes arguments and
    /// gives back an object of the graph (a component, module, holder, router: a type reaching
    /// the library's), or a builder's `Built` (`B.Built`, written as a member of a generic
    /// parameter). Other functions (swift-syntax's parser has thousands) run once per receiver
    /// as before. Only exact runs; a coarse run keeps one context per receiver, which decides
    /// the same relevance.
    func runsPerCall(_ function: FunctionIR) -> Bool {
        guard tracker == nil, !function.parameters.isEmpty, let returned = function.returnType,
              function.kind == .method || function.kind == .free else { return false }
        if returned.spelling.hasSuffix(".Built") || returned.spelling.hasSuffix(".Built?") { return true }
        return index.types.exists(returned.name) && index.isGraphType(returned.name)
    }

    /// The context `function` runs in for the call at `position` on `receiver` (`noReceiver` for
    /// a free or static function): made, and its run scheduled, the first time. In the last pass,
    /// a call no step made before (an unreached function's) runs in the receiver's context, as
    /// making a site there would change the fixed point.
    func callContext(_ function: FunctionIR, at position: SourcePosition, receiver: Int) -> Int {
        guard runsPerCall(function) else { return receiver }
        let call = Site(type: Self.callType, position: position, text: "\(function.id)@\(receiver)")
        if recording, siteIDs[call] == nil { return receiver }
        let context = site(call)
        if context == Self.nilSite { return receiver }
        schedule(.function(id: function.id, context: context))
        return context
    }

    /// The receiver a call context runs its function on; nil for any other context.
    func receiver(ofCall context: Int) -> Int? {
        guard Self.isSite(context), context < sites.count, sites[context].type == Self.callType,
              let text = sites[context].text, let at = text.lastIndex(of: "@") else { return nil }
        return Int(text[text.index(after: at)...])
    }
}
