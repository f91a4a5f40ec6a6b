import GraphInspect
import GraphInspectCheckContract

/// Every sentence `check` says beyond the runtime's own reports, in one place.
enum StaticWording {
    /// A runtime report (missing dependency or module) as a diagnostic: its first line's words
    /// after `error:` become the message, the rest the details.
    static func diagnostic(fromReport report: String, at position: SourcePosition) -> StaticDiagnostic {
        var lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines.isEmpty ? "" : lines.removeFirst()
        // The runtime adds that a computed property may be what is missing, since `Mirror` cannot
        // see one; the reader can, and reports a computed provider the walk passes itself
        // (`invisibleComputed`), so here that note would only mislead.
        lines.removeAll { $0.hasPrefix("  note: a computed `var ") }
        let message = first.hasPrefix("error: ") ? String(first.dropFirst("error: ".count)) : first
        return StaticDiagnostic(severity: .error, position: position, message: message, details: lines)
    }

    static func cycle(type: String, chain: [String], at position: SourcePosition, kind: String) -> StaticDiagnostic {
        StaticDiagnostic(
            severity: .error, position: position,
            message: "\(kind) \(type) is made below itself: \(chain.joined(separator: "->"))",
            details: [
                "  making a \(type) makes another \(type) below it, through initialisers alone, so the app never finishes making it",
                "  fix: make the inner \(type) later (on a user's action), not while its parent is being made",
            ]
        )
    }

    static func nested(type: String, chain: [String], at position: SourcePosition, kind: String) -> StaticDiagnostic {
        StaticDiagnostic(
            severity: .note, position: position,
            message: "the \(kind) \(type) made here can be below another \(type) (\(chain.joined(separator: "->")), a loop or a recursion): drawn and checked one level deep"
        )
    }

    /// Whether a finding is one of the two a loop of components or holders gives (`cycle`, `nested`).
    static func isLoop(_ diagnostic: StaticDiagnostic) -> Bool {
        diagnostic.message.contains(" is made below itself: ") || diagnostic.message.contains(" made here can be below another ")
    }

    /// An unmarked computed property the lookups at `lookupsAt` (sorted, at least one) walk past:
    /// the first named in the message, up to three more in a line of their own.
    static func invisibleComputed(owner: String, name: String, lookupsAt: [SourcePosition], at position: SourcePosition) -> StaticDiagnostic {
        walkedPast(
            "computed `\(Quoted.name(name))` in \(owner) is invisible to lookups", lookupsAt: lookupsAt, at: position,
            fix: "mark \(owner) `@Providers` (GraphInspectMacros), or make `\(Quoted.name(name))` a stored `let`"
        )
    }

    /// A stored closure of a class not marked `@Providers` the lookups at `lookupsAt` walk past; the
    /// run's report words the same defect (`MissingDependency.Fix.listClosure`).
    static func invisibleClosure(owner: String, name: String, lookupsAt: [SourcePosition], at position: SourcePosition) -> StaticDiagnostic {
        walkedPast(
            "stored closure `\(Quoted.name(name))` in \(owner) is invisible to lookups (Swift's reflection cannot call it safely)", lookupsAt: lookupsAt, at: position,
            fix: "mark \(owner) `@Providers` (GraphInspectMacros) and declare `\(Quoted.name(name))` with its type, so lookups read it through its getter; or wrap the closure in a struct"
        )
    }

    /// A provider lookups cannot see, walked past: `what`, the first lookup in the message, up to
    /// three more in a line of their own, then the fix.
    private static func walkedPast(_ what: String, lookupsAt: [SourcePosition], at position: SourcePosition, fix: String) -> StaticDiagnostic {
        var details: [String] = []
        let more = lookupsAt.dropFirst()
        if !more.isEmpty {
            let listed = more.prefix(3).map(\.description).joined(separator: ", ")
            let rest = more.count == 4 ? " and 1 other" : more.count > 4 ? " and \(more.count - 3) others" : ""
            details.append(more.count == 1 ? "  1 more lookup walks past it: \(listed)" : "  \(more.count) more lookups walk past it: \(listed)\(rest)")
        }
        details.append("  fix: " + fix)
        return StaticDiagnostic(
            severity: .warning, position: position, message: "\(what), and the lookup at \(lookupsAt.first ?? position) walks past it", details: details
        )
    }

    static func shadowedComputed(owner: String, name: String, nearer: String, lookupAt: SourcePosition, at position: SourcePosition) -> StaticDiagnostic {
        StaticDiagnostic(
            severity: .warning, position: position,
            message: "computed provider `\(Quoted.name(name))` of \(owner) is shadowed: the lookup at \(lookupAt) is answered by \(nearer)'s stored `\(Quoted.name(name))` first",
            details: ["  fix: if \(owner)'s value is the one meant, rename one of them, or remove \(nearer)'s"]
        )
    }

    /// `module.onClose = { ... module ... }` on a component, module or router.
    static func closureCycle(_ cycle: FlowAnalysis.ClosureCycle, shortType: String) -> StaticDiagnostic {
        let stored = cycle.receiver == "self" ? "`self.\(Quoted.name(cycle.property))`" : "`\(Quoted.name(cycle.receiver)).\(Quoted.name(cycle.property))`"
        let holds = cycle.receiver == "self" ? "`self`" : "`\(Quoted.name(cycle.receiver))`"
        return StaticDiagnostic(
            severity: .warning, position: cycle.position,
            message: "\(stored) stores a closure that captures \(holds) strongly: the \(shortType) holds the closure and the closure holds it, so neither is ever released",
            details: [
                "  once its holder lets it go, it is a leak: `why` and `expectNoLeaks` report it, held by nothing graphinspect knows",
                "  fix: capture it weakly, `{ [weak \(cycle.receiver)] in ... }`, or set `\(Quoted.name(cycle.property))` to nil when it is let go",
            ],
            ruleID: "closure-cycle", subject: cycle.type
        )
    }

    static func unresolved(_ message: String, details: [String] = [], at position: SourcePosition) -> StaticDiagnostic {
        StaticDiagnostic(severity: .note, position: position, message: StaticDiagnostic.uncheckedPrefix + message, details: details)
    }

    /// A module or router lookup that finds nothing in the tree the reading follows, while an
    /// `attach` it could not follow may attach what it asks for.
    static func unfollowedAttach(_ request: MissingModule.Request, attach: SourcePosition, at position: SourcePosition) -> StaticDiagnostic {
        unresolved(
            "no \(request.target.rawValue) \(Quoted.string(request.key)) is held where this lookup can see in the tree the reading follows, "
                + "but the `attach` at \(attach) could not be followed and may attach it",
            at: position
        )
    }

    /// A lookup whose provider answers it only if the value the run holds is of the type asked:
    /// the provider is declared as a protocol, a superclass or `Any`, or a type is not known.
    static func decidedAtRunTime(name: String, asked: WrittenType?, provided: WrittenType?, at owner: String, position: SourcePosition) -> StaticDiagnostic {
        let shortOwner = ShortTypeName.of(owner)
        let found = "`\(Quoted.name(name)): \(provided?.spelling ?? "(type not known)")` at \(shortOwner)"
        guard let asked else {
            return unresolved(
                "the type `\(Quoted.name(name))` is asked as is not known here; found \(found), which answers only if the call site wants "
                    + (provided.map { "\($0.spelling) (or a type \($0.name) conforms to or inherits)" } ?? "the type its value has"),
                details: [
                    "  the value goes where the reader cannot follow the type expected (a call it does not read); at run time a lookup of another type walks past it",
                    "  fix: write the type where the lookup is made (`let \(Quoted.name(name)): T = ...`), so check can hold it to the provider",
                ],
                at: position
            )
        }
        guard let provided else {
            return unresolved(
                "the type of \(shortOwner)'s `\(Quoted.name(name))` is not known here; it answers this lookup of \(asked.spelling) only if its value is of that type",
                details: ["  fix: write the provider's type (`let \(Quoted.name(name)): \(asked.spelling) = ...`), so check can hold the lookup to it"],
                at: position
            )
        }
        return unresolved(
            "`\(Quoted.name(name)): \(asked.spelling)` is answered by \(found) only if the value it holds at run time is of type \(asked.name)",
            details: [
                "  the runtime casts the provider's value to the type asked, and walks on to the parents when it is not one",
                "  fix: ask for `\(Quoted.name(name))` as \(provided.spelling), or declare the provider as \(asked.spelling), so check can decide it",
            ],
            at: position
        )
    }

    static func assumed(_ message: String, at position: SourcePosition) -> StaticDiagnostic {
        StaticDiagnostic(severity: .note, position: position, message: "assumed: " + message)
    }

    static func unplaced(type: String, at position: SourcePosition) -> StaticDiagnostic {
        StaticDiagnostic(
            severity: .note, position: position,
            message: StaticDiagnostic.uncheckedPrefix + "cannot tell which parent the \(type) made here is given, so its lookups are not checked"
        )
    }

    /// The sources make lookups and none could be checked: a check that checked nothing must not
    /// pass. Said at the first lookup, with the first reason a lookup was not checked.
    static func nothingChecked(lookups: Int, firstReason: StaticDiagnostic?, at position: SourcePosition) -> StaticDiagnostic {
        StaticDiagnostic(
            severity: .error, position: position,
            message: lookups == 1 ? "the one lookup in the sources could not be checked" : "none of the \(lookups) lookups in the sources could be checked",
            details: (firstReason.map { ["  first reason, at \($0.position): \($0.message.dropFirst(StaticDiagnostic.uncheckedPrefix.count))"] } ?? [])
                + ["  fix: give check the sources that build the app's trees (its root component and holders), or see the notes (docs/check.md)"]
        )
    }

    /// The lookups made on a parameter nothing in the sources passes a value (a library's
    /// public function another target calls): said once, at the first, with where they are checked.
    static func outOfReach(lookups: Int, moduleLookups: Int, at position: SourcePosition) -> StaticDiagnostic {
        let counted = [(lookups, "lookup"), (moduleLookups, "module lookup")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " and ")
        let sit = lookups + moduleLookups == 1 ? "sits" : "sit"
        return StaticDiagnostic(
            severity: .note, position: position,
            message: StaticDiagnostic.outOfReachPrefix + "\(counted) \(sit) in code these sources never reach from a place they build a tree: "
                + "functions that are given their component or holder, which nothing here calls with one",
            details: ["  `graphinspect check` over the package, or over the target that calls them, checks them (docs/check.md)"]
        )
    }

    static func tooLarge(limit: Int, at position: SourcePosition) -> StaticDiagnostic {
        StaticDiagnostic(
            severity: .note, position: position,
            message: StaticDiagnostic.uncheckedPrefix + "the parent chains that reach here make more than \(limit) components; the rest are not expanded"
        )
    }
}
