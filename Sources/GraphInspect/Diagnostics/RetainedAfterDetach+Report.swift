/// The words for a module kept alive after its detach, in one place: `why`'s report, `dump`'s
/// section, and the test library's failure all say it this way.
extension RetainedAfterDetach {
    /// `SettingsModule "settings" #7`.
    public static func label(_ id: ObjectID, in snapshot: GraphSnapshot) -> String {
        guard let node = snapshot.node(id) else { return "\(id)" }
        return node.shortType + (node.key.map { " " + Quoted.string($0) } ?? "") + " \(id)"
    }

    /// "1 module", "3 modules": how many of `retained` there are, named "module" while every one is
    /// a module or holder, "object" once a part (a component, router or view component) is among
    /// them.
    public static func counted(_ retained: [RetainedAfterDetach], in snapshot: GraphSnapshot) -> String {
        let modules = retained.allSatisfy { snapshot.node($0.node).map { $0.kind == .module || $0.kind == .holder } ?? true }
        let noun = modules ? "module" : "object"
        return retained.count == 1 ? "1 \(noun)" : "\(retained.count) \(noun)s"
    }

    /// "1.23 s", "12 ms".
    public static func duration(_ nanoseconds: UInt64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        if milliseconds < 1_000 { return "\(milliseconds) ms" }
        let hundredths = (milliseconds + 5) / 10
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// What let it go: "RootHolder "root" #2 detached it", "its holder RootHolder #2 was released".
    public func letGo(in snapshot: GraphSnapshot) -> String {
        switch cause {
        case .detached(let holder): "\(Self.label(holder, in: snapshot)) detached it"
        case .holderReleased(let holder): "its holder \(Self.label(holder, in: snapshot)) was released"
        case .ownerReleased(let owner): "\(Self.owner(owner, in: snapshot)) \(Self.label(owner, in: snapshot)) was released"
        }
    }

    /// "its module", "its router": what `owner` was to the part it let go.
    private static func owner(_ owner: ObjectID, in snapshot: GraphSnapshot) -> String {
        switch snapshot.node(owner)?.kind {
        case .holder?: "its holder"
        case .router?: "its router"
        case .viewComponent?: "its view component"
        default: "its module"
        }
    }

    /// Where it is held, when the app searched its live objects: "held by AppComponent #1
    /// .lastScreen", or that none of them holds it; nil when it did not search.
    public func holderLine(in snapshot: GraphSnapshot) -> String? {
        guard let heldBy else { return nil }
        guard let holder = heldBy.holder else {
            return "held by nothing graphinspect knows: no live component, module, holder, router or view component holds it in a stored property"
        }
        let path = heldBy.path.map { " " + $0 } ?? ""
        let cycle = holder == node || aliveBelow.contains(holder)
        return "held by \(cycle ? "its own " : "")\(Self.label(holder, in: snapshot))\(path)" + (cycle ? " (a cycle within what was let go)" : "")
    }

    /// The first line: what, and how long after what.
    public func headline(in snapshot: GraphSnapshot, grace: UInt64) -> String {
        let what = Self.label(node, in: snapshot)
        guard let aliveFor else {
            if isLeak {
                return "retained after detach: \(what) was still alive past the grace after \(letGo(in: snapshot)) (judged when this snapshot was written; it keeps the verdict, not the times)"
            }
            return "\(what) is still alive at the end of the recording after \(letGo(in: snapshot)) (the recording has no times, so whether the \(Self.duration(grace)) grace passed is not known)"
        }
        if isLeak {
            return "retained after detach: \(what) is still alive \(Self.duration(aliveFor)) after \(letGo(in: snapshot))"
        }
        return "\(what) is still alive at exit, \(Self.duration(aliveFor)) after \(letGo(in: snapshot)) (within the \(Self.duration(grace)) grace: not called a leak)"
    }

    /// The whole report: the headline, what is alive below it, who resolved from it, and the fixes.
    public func report(in snapshot: GraphSnapshot, grace: UInt64, style: ReportStyle = .plain) -> String {
        var lines = [isLeak ? style.red(headline(in: snapshot, grace: grace)) : headline(in: snapshot, grace: grace)]
        if !aliveBelow.isEmpty {
            lines.append("  still alive below it: " + aliveBelow.map { Self.label($0, in: snapshot) }.joined(separator: ", "))
        }
        if !resolvedFromIt.isEmpty {
            lines.append("  resolved something from it or below it: " + resolvedFromIt.map { Self.label($0, in: snapshot) }.joined(separator: ", "))
        }
        if let holder = holderLine(in: snapshot) { lines.append("  " + holder) }
        guard isLeak else { return lines.joined(separator: "\n") }
        let type = snapshot.node(node)?.shortType ?? "it"
        if let holder = heldBy?.holder {
            let field = heldBy?.path.map { "`\($0)`" } ?? "that reference"
            lines.append("  fix: clear \(field) of \(Self.label(holder, in: snapshot)) when \(type) is let go, or make it weak")
            return lines.joined(separator: "\n")
        }
        lines += [
            heldBy == nil
                ? "  something outside the tree still holds it (graphinspect holds only ids); look for, and fix:"
                : "  so what holds it is outside them; look for, and fix:",
            "    a closure \(type) stores that captures it (or its component) strongly: capture it [weak self]",
            "    a global, a static or a registry that kept \(type): remove it there when the holder detaches it",
            "    a stored property of a parent or sibling that points at \(type): make it weak, or clear it on detach",
        ]
        return lines.joined(separator: "\n")
    }
}
