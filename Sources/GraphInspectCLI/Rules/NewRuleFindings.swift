import GraphInspect
import GraphInspectRules

extension LoadedRules {
    /// What `diff --rules` lists: the new run's findings, held to the rules and the baseline as
    /// `dump --rules` holds a run, that the baseline does not list and the old run does not have.
    /// A baseline entry no longer found is not the new run's violation, so it is not among them.
    func newFindings(old: GraphSnapshot, new: GraphSnapshot) -> [RuleFinding] {
        let before = held.report(RulesInput(snapshot: old, origin: .run)).all
        let after = held.report(RulesInput(snapshot: new, origin: .run)).all
        let known = Set((held.baseline?.entries ?? []).map(\.text)).union(before.map(\.baselineEntry))
        return after.filter { !known.contains($0.baselineEntry) }.sorted()
    }
}
