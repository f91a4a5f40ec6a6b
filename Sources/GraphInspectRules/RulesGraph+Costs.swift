import GraphInspect
import GraphInspectCheckContract

/// The rules about what a run cost: spans on the main thread over a limit.
extension RulesGraph {
    /// Each span on the main thread (the one that made the root component) longer than the
    /// limit in milliseconds, the deepest only (`RunSpans.deepest(over:on:)`). Only a run with
    /// times has spans; a reading of the sources has none.
    func slowMainThreadSpans(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        let limit = UInt64(max(rule.limit ?? 16, 0)) * 1_000_000
        let spans = RunSpans(snapshot)
        return spans.deepest(over: limit, on: spans.mainThread).compactMap { span in
            let chain = spans.ancestors(of: span)
            let position = spans.nearestLocation(of: span).map { SourcePosition(file: $0.file, line: $0.line, column: 0) }
            guard rule.scope.contains(type: span.type, file: position?.file) else { return nil }
            return RuleFinding(
                rule: rule.kind.rawValue, severity: rule.severity, position: position,
                message: "\(span.label) took \(ProfileDuration.text(span.duration)) on the main thread; the rules allow \(rule.limit ?? 16) ms",
                details: (chain.isEmpty ? [] : ["  inside: \(chain.map(\.label).joined(separator: " > "))"]) + [
                    ruleLine(rule, in: rules),
                    "  fix: \(Self.fix(for: span.kind)), or raise max-main-thread-ms' limit",
                ],
                subject: "\(span.kind.words) \(span.group) on the main thread"
            )
        }
    }

    /// What to do about a slow span of `kind`.
    private static func fix(for kind: ProfileSpan.Kind) -> String {
        switch kind {
        case .builder: "build less in this builder's run (defer its providers to first use), or attach it off the main thread"
        case .construction: "make the component's stored providers @Lazy or build them off the main thread"
        case .lookup: "look it up once and keep it, or make the provider cheaper to read"
        case .firstUse: "build it off the main thread before it is needed (warm it on a background thread), or later, where it is used"
        case .moduleLookup: "keep the module or router found instead of searching the holders again"
        }
    }
}
