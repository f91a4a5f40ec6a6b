import GraphInspect
import GraphInspectCheckContract

extension StaticWording {
    /// The sentences a needle app's reading adds to the runtime's reports and `check`'s own.
    enum Needle {
        /// `^->Root->A->B`, as needle's generator names a path.
        static func path(_ types: [String]) -> String {
            "^->" + types.map(ShortTypeName.of).joined(separator: "->")
        }

        /// A need nothing on one path answers: the runtime's report (its walk, near misses,
        /// where else the tree provides it), with needle's rule and fix in place of the runtime's.
        static func missing(_ report: MissingDependency, at position: SourcePosition, dependency: String, unread: [String]) -> StaticDiagnostic {
            var diagnostic = StaticWording.diagnostic(fromReport: ReportWording.missingDependency(report, style: .plain), at: position)
            let path = path(report.requesterPath.map(\.type))
            let requester = ShortTypeName.of(report.requester.type)
            var details = diagnostic.details.filter { !$0.hasPrefix("  fix: ") }
            details.append("  needle: \(requester)'s \(dependency) needs it on the path \(path); a component's own properties never answer its own needs")
            for owner in unread {
                details.append("  needle: \(owner) declares it without `public`, and needle's generator reads only the public properties of a component's own declaration")
            }
            if case .declare(_, let root) = report.fix, report.walk.count > 1 {
                let parent = ShortTypeName.of(report.walk[1].type)
                let type = report.type
                let shared = root.map { " or in \(ShortTypeName.of($0.type)) to share it with every component below" } ?? ""
                details.append("  fix: declare `public var \(Quoted.name(report.name)): \(type)` in \(parent) (\(requester)'s parent on this path)\(shared)")
            } else if let fix = diagnostic.details.first(where: { $0.hasPrefix("  fix: ") }) {
                details.append(fix)
            }
            diagnostic.details = details
            return diagnostic
        }

        /// A `dependency.x` read of a need that some path leaves unanswered.
        static func unansweredRead(_ name: String, path: [String], need: SourcePosition, at position: SourcePosition) -> StaticDiagnostic {
            StaticDiagnostic(
                severity: .note, position: position,
                message: "`dependency.\(Quoted.name(name))` reads a dependency nothing answers on the path \(self.path(path)): see the error at \(need)"
            )
        }

        static func duplicate(_ name: String, first: SourcePosition, at position: SourcePosition) -> StaticDiagnostic {
            StaticDiagnostic(
                severity: .note, position: position,
                message: "needle component \(name) is declared again here (first at \(first)); needle's generator needs each name once, and only the first is read"
            )
        }

        /// A component type used where needle's generator does not link it to a parent.
        static func notLinked(_ name: String, inComponent owner: String?, isCall: Bool, at position: SourcePosition) -> StaticDiagnostic {
            let how = isCall
                ? "is made here outside every component, so needle's generator links it to no parent"
                : "is named here as a value\(owner.map { " in \($0)" } ?? ""), not made by a call, so needle's generator does not link it below \(owner ?? "any component")"
            return StaticDiagnostic(
                severity: .note, position: position,
                message: StaticDiagnostic.uncheckedPrefix + "\(name) \(how)",
                details: ["  the generator links a child where a component makes it, `\(name)(parent: self)` in one of its properties or methods; a tree made another way is not checked"]
            )
        }

        /// A component no other component makes.
        static func orphan(_ name: String, at position: SourcePosition) -> StaticDiagnostic {
            StaticDiagnostic(
                severity: .note, position: position,
                message: StaticDiagnostic.uncheckedPrefix + "\(name) is made by no component the sources read: needle's generator writes no provider for it, and its needs are not checked"
            )
        }

        static func unknownDependency(_ dependency: String, of name: String, at position: SourcePosition) -> StaticDiagnostic {
            StaticDiagnostic(
                severity: .note, position: position,
                message: StaticDiagnostic.uncheckedPrefix + "\(name)'s dependency protocol \(dependency) is not declared in the sources read, so its needs are not checked"
            )
        }

        /// Paths that make a component below itself.
        static func loop(_ path: [String], at position: SourcePosition) -> StaticDiagnostic {
            StaticDiagnostic(
                severity: .error, position: position,
                message: "component \(ShortTypeName.of(path[path.count - 1])) is made below itself: \(self.path(path))",
                details: ["  needle's generator rejects a cycle among ancestors; fix: make the inner component elsewhere than below itself"]
            )
        }
    }
}
