/// Every sentence of the missing-dependency and missing-module reports, in one place.
public enum ReportWording {
    /// Walks longer than this show their first and last few components and those with a near miss;
    /// the rest collapse to a count.
    public static let collapseAbove = 12
    private static let keptAtEachEnd = 3
    /// Elsewhere-in-the-tree entries listed before "and N more".
    private static let elsewhereListed = 5

    // MARK: Missing dependency

    public static func missingDependency(_ report: MissingDependency, style: ReportStyle) -> String {
        var lines: [String] = []
        let asked = "`\(Quoted.name(report.name)): \(short(report.type))`"
        lines.append(style.red("error:") + " missing dependency " + style.bold(asked))
        var asker = "  asked by \(short(report.requester.type)) at \(path(report.requesterPath.map(\.type)))"
        if let location = report.location { asker += " (\(location))" }
        lines.append(asker)
        if let loop = report.loop {
            let cycle = (loop + [loop[0]]).map { short($0.type) }.joined(separator: " -> ")
            lines.append("  the parent chain loops: \(cycle); the walk stopped where it came back")
        }
        let count = report.walk.count
        lines.append("  walked \(count) \(count == 1 ? "component" : "components"), nearest first:")
        let flagged = Set(report.nearMisses.map(\.at.id))
        let isRoot = report.loop == nil
        lines += collapsed(count: count, keep: { flagged.contains(report.walk[$0].id) }) { index in
            let step = report.walk[index]
            let root = isRoot && index == count - 1 && count > 1 ? " (root)" : ""
            let provides = step.providers.isEmpty ? "provides nothing" : "provides " + step.providers.map(describe).joined(separator: ", ")
            return "\(index + 1). \(short(step.type))\(root)  \(provides)"
        }.map { "    " + ($0.hasPrefix("…") ? style.dim($0) : $0) }

        if !report.nearMisses.isEmpty {
            lines.append("  near misses:")
            for miss in report.nearMisses {
                lines.append("    " + describe(miss, asked: report))
            }
        }
        if !report.elsewhere.isEmpty {
            lines.append("  elsewhere in the tree (not on the walk):")
            for other in report.elsewhere.prefix(elsewhereListed) {
                lines.append("    \(asked) at \(path(other.path.map(\.type))); nearest common ancestor: \(short(other.commonAncestor.type))")
            }
            if report.elsewhere.count > elsewhereListed {
                lines.append("    and \(report.elsewhere.count - elsewhereListed) more")
            }
        }
        if !report.released.isEmpty {
            lines.append("  released before the lookup (provided, then let go):")
            for gone in report.released.prefix(elsewhereListed) {
                lines.append("    \(asked) at \(path(gone.path.map(\.type))), \(describe(gone)); nearest common ancestor: \(short(gone.commonAncestor.type))")
            }
            if report.released.count > elsewhereListed {
                lines.append("    and \(report.released.count - elsewhereListed) more")
            }
        }
        lines.append("  " + style.green("fix:") + " " + fix(of: report))
        if case .declare = report.fix {
            // Mirror cannot see computed properties, so "nothing provides it" may be wrong: say why.
            let declared = "`var \(Quoted.name(report.name)): \(short(ShortTypeName.optionalWrapped(report.type) ?? report.type)) { ... }`"
            lines.append("  note: a computed \(declared) is invisible to lookups unless its class is marked `@Providers`")
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ provider: Provider) -> String {
        let text = "\(Quoted.name(provider.name)): \(short(provider.type))"
        switch provider.form {
        case .stored: return text
        case .lazy: return text + " (@Lazy)"
        case .lazyVar: return text + " (lazy var)"
        case .computed: return text + " (computed)"
        case .storedClosure: return text + " (stored closure)"
        }
    }

    private static func describe(_ miss: MissingDependency.NearMiss, asked report: MissingDependency) -> String {
        let found = "`\(Quoted.name(miss.provider.name)): \(short(miss.provider.type))`"
        let at = short(miss.at.type)
        switch miss.kind {
        case .sameNameOtherType:
            return "found \(found) at \(at), expected \(short(report.type))"
        case .lazyVar:
            return "found `\(Quoted.name(miss.provider.name))` at \(at), but it is a `lazy var`, which lookup cannot see"
        case .storedClosure:
            return "found \(found) at \(at), but it is a stored closure, which lookup cannot read (Swift's reflection cannot call it safely)"
        case .similarName:
            return "found \(found) at \(at): a similar name"
        case .sameTypeOtherName:
            return "found \(found) at \(at): the same type under another name"
        }
    }

    /// The sentence after the report's `fix:`, alone: `query provider` gives the same fix for a
    /// name nothing on a chain provides.
    public static func fix(of report: MissingDependency) -> String {
        describe(report.fix, asked: report)
    }

    private static func describe(_ fix: MissingDependency.Fix, asked report: MissingDependency) -> String {
        let name = Quoted.name(report.name)
        let type = short(report.type)
        switch fix {
        case .breakLoop(let at):
            return "the chain comes back to \(short(at.type)): make the overridden `parent` end at a root component"
        case .useLazy(let at):
            return "declare it `@Lazy var \(name) = ...` in \(short(at.type)); lookup cannot see a `lazy var`"
        case .listClosure(let at):
            return "mark the class declaring `\(name)` (\(short(at.type)), or the superclass of it that does) `@Providers` (GraphInspectMacros) and declare `\(name)` with its type (`let \(name): \(type) = { ... }`), so lookups read it through its getter; or wrap the closure in a struct"
        case .rename(let provider, let at):
            return "ask for `\(Quoted.name(provider.name))`, which \(short(at.type)) provides as \(short(provider.type))"
        case .changeType(let found, let at):
            return "ask for `\(name)` as \(short(found.type)) (what \(short(at.type)) provides), or provide `\(name): \(type)` on the walk"
        case .move(let from, let to):
            let move = "move `\(name): \(type)` from \(short(from.type)) up to \(short(to.type))"
            let across = moveAcrossModules(report, from: from, to: to).map { " (\($0))" } ?? ""
            guard let gone = report.released.first(where: { $0.at == from }) else { return move + ", which both reach" + across }
            let requester = short(report.requester.type)
            guard let detach = gone.detach else {
                return move + ", which is still alive" + across + ", or keep \(short(from.type)) alive while \(requester) needs it"
            }
            return move + ", which outlives the detach" + across + ", or keep \(describe(detach.module)) attached to \(describe(detach.holder)) while \(requester) needs it"
        case .declare(let requester, let root):
            let whereTo = root.map { "in \(short(requester.type)), or in \(short($0.type)) to share it with every component below" }
                ?? "in \(short(requester.type))"
            guard let wrapped = ShortTypeName.optionalWrapped(report.type).map(short) else {
                return "declare `let \(name): \(type)` \(whereTo)"
            }
            return "declare `let \(name): \(wrapped)` \(whereTo) (a `\(wrapped)` or a `\(wrapped)?` satisfies a lookup into an Optional)"
        }
    }

    /// When a released provider went: `released 2 ms before the lookup when RootHolder "root"
    /// detached SearchModule "search"`; by events where the recording has no times.
    private static func describe(_ gone: MissingDependency.Released) -> String {
        var text = "released"
        if let nanoseconds = gone.nanosecondsBefore {
            text += " " + (nanoseconds < 1_000_000 ? "less than 1 ms" : RetainedAfterDetach.duration(nanoseconds)) + " before the lookup"
        } else if let events = gone.eventsBefore {
            text += " \(events) \(events == 1 ? "event" : "events") before the lookup"
        } else {
            text += " before the lookup"
        }
        if let detach = gone.detach {
            text += " when \(describe(detach.holder)) detached \(describe(detach.module))"
        }
        return text
    }

    private static func describe(_ node: ReleasedComponents.Node) -> String {
        short(node.type) + (node.key.map { " " + Quoted.string($0) } ?? "")
    }

    /// For a move of `report`'s provider from `from` up to `to`: when the provided type is
    /// declared beside its provider, in another module than `to`'s, which module must see it
    /// (`F10Service is declared in module Feature10; F2Component is in Feature2, which must see
    /// it`); nil otherwise. Module names are the first segment of a type's name.
    package static func moveAcrossModules(_ report: MissingDependency, from: MissingDependency.ComponentRef, to: MissingDependency.ComponentRef) -> String? {
        guard let declared = ShortTypeName.module(of: report.type), declared == ShortTypeName.module(of: from.type),
              let target = ShortTypeName.module(of: to.type), target != declared
        else { return nil }
        return "\(short(report.type)) is declared in module \(declared); \(short(to.type)) is in \(target), which must see it"
    }

    // MARK: Missing module

    public static func missingModule(_ report: MissingModule, style: ReportStyle) -> String {
        var lines: [String] = []
        let key = Quoted.string(report.key)
        let what = report.target == .module ? "no module \(key)" : "no router \(key) (no module with that key)"
        lines.append(style.red("error:") + " " + style.bold(what) + " from \(describe(report.walk[0].holder)) up to the root holder")
        lines.append("  asked by \(describe(report.walk[0].holder)) at \(path(report.requesterPath.map(\.type)))")
        let count = report.walk.count
        lines.append("  searched \(count) \(count == 1 ? "holder" : "holders"), nearest first:")
        let flagged = Set(report.nearMisses.map(\.at.id))
        lines += collapsed(count: count, keep: { flagged.contains(report.walk[$0].holder.id) }) { index in
            let step = report.walk[index]
            let root = index == count - 1 && count > 1 ? " (root)" : ""
            let held = step.heldKeys.isEmpty ? "holds nothing" : "holds " + step.heldKeys.map(Quoted.string).joined(separator: ", ")
            return "\(index + 1). \(describe(step.holder))\(root)  \(held)"
        }.map { "    " + ($0.hasPrefix("…") ? style.dim($0) : $0) }
        if !report.nearMisses.isEmpty {
            lines.append("  near misses:")
            for miss in report.nearMisses {
                lines.append("    \(Quoted.string(miss.key)) at \(describe(miss.at)): a similar key")
            }
        }
        if !report.elsewhere.isEmpty {
            lines.append("  elsewhere in the tree (not on the walk):")
            for other in report.elsewhere.prefix(elsewhereListed) {
                lines.append("    \(key) is held by \(path(other.path.map(\.type))); nearest common ancestor: \(describe(other.commonAncestor))")
            }
            if report.elsewhere.count > elsewhereListed {
                lines.append("    and \(report.elsewhere.count - elsewhereListed) more")
            }
        }
        let fix: String
        switch report.fix {
        case .rename(let similar, let at):
            fix = "ask for \(Quoted.string(similar)), held by \(describe(at))"
        case .move(let from, let to):
            fix = "attach the \(key) module to \(describe(to)) instead of \(describe(from)), so every holder below \(describe(to)) finds it"
        case .attach(let requester, let root):
            fix = "attach a module with key \(key) to \(describe(requester))"
                + (root.map { ", or to \(describe($0)) to make it reachable from every holder" } ?? "")
        }
        lines.append("  " + style.green("fix:") + " " + fix)
        return lines.joined(separator: "\n")
    }

    private static func describe(_ holder: MissingModule.HolderRef) -> String {
        "\(short(holder.type)) \(Quoted.string(holder.key))"
    }

    // MARK: Shared

    /// `^->App->Child`: a chain from the root, in needle's notation; a long one keeps its ends.
    static func path(_ types: [String]) -> String {
        let names = types.map(short)
        guard names.count > collapseAbove else { return "^->" + names.joined(separator: "->") }
        let hidden = names.count - 2 * keptAtEachEnd
        return "^->" + (names.prefix(keptAtEachEnd) + ["…\(hidden) more…"] + names.suffix(keptAtEachEnd)).joined(separator: "->")
    }

    private static func short(_ type: String) -> String { ShortTypeName.of(type) }

    /// Lines for items 0..<count: all of them when there are few; otherwise the first and last
    /// few, those `keep` asks for, and one line per run of the others saying how many there are.
    static func collapsed(count: Int, keep: (Int) -> Bool, line: (Int) -> String) -> [String] {
        guard count > collapseAbove else { return (0..<count).map(line) }
        var lines: [String] = []
        var hidden = 0
        func flush() {
            if hidden > 0 {
                lines.append("… \(hidden) more with nothing close …")
                hidden = 0
            }
        }
        for index in 0..<count {
            if index < keptAtEachEnd || index >= count - keptAtEachEnd || keep(index) {
                flush()
                lines.append(line(index))
            } else {
                hidden += 1
            }
        }
        flush()
        return lines
    }
}
