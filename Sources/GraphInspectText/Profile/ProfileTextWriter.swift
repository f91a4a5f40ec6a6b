import GraphInspect

/// `graphinspect profile`'s text: the startup's critical path, what ran on the main thread over
/// the budget, the costliest builders, components and providers, what could be built later, and
/// the threads. Times are measured, so two runs print different numbers; the lines and their
/// order follow the graph.
public struct ProfileTextWriter: Sendable {
    public init() {}

    public func write(_ profile: RunProfile) -> String {
        var lines: [String] = []
        let window = profile.window
        let end = window.mark.map { "mark \(Quoted.string($0))" } ?? "the last event"
        lines.append("graphinspect profile: startup \(ms(window.duration)), from \(window.from) to \(end), on \(phrase(window.thread))")
        let counts = profile.counts
        lines.append("  timed: \(counts.builders) builder runs, \(counts.constructions) constructions, \(counts.lookups) lookups, \(counts.firstUses) first-use builds, \(counts.moduleLookups) module lookups")
        lines.append("")
        lines.append("critical path, on \(phrase(window.thread))")
        if profile.criticalPath.isEmpty {
            lines.append("  no timed work in the startup")
        } else {
            lines.append("     total       own  step")
            for step in profile.criticalPath {
                let place = step.location.map { "  \($0)" } ?? ""
                lines.append("  \(pad(ms(step.total)))  \(pad(ms(step.own)))  \(String(repeating: "  ", count: step.depth))\(Quoted.visible(step.label))\(place)")
            }
            lines.append("  \(pad(ms(profile.outsideSpans)))            (the app's own code between these steps)")
        }
        lines.append("")
        lines.append("over the \(ms(profile.budget)) budget on \(phrase(window.thread))")
        if profile.overBudget.isEmpty { lines.append("  nothing") }
        for overrun in profile.overBudget {
            let inside = overrun.inside.first.map { ", in \(Quoted.visible($0))" } ?? ""
            let place = overrun.location.map { " (\($0))" } ?? ""
            let path = overrun.onCriticalPath ? ", on the critical path" : ""
            lines.append("  \(pad(ms(overrun.duration)))  \(Quoted.visible(overrun.label))\(place)\(inside)\(path)")
        }
        lines.append("")
        section("costliest builders", profile.costliest.builders, into: &lines)
        section("costliest components (construction)", profile.costliest.components, into: &lines)
        section("costliest providers (lookups answered, first-use builds)", profile.costliest.providers, into: &lines)
        lines.append("make it lazy: built during the startup by a builder's lookup, not asked for again before it ended")
        if profile.makeLazy.isEmpty { lines.append("  nothing") }
        for candidate in profile.makeLazy {
            let made = candidate.madeBy.map { ", built by lookup \(Quoted.visible($0))" } ?? ""
            let place = candidate.location.map { " (\($0))" } ?? ""
            let next = candidate.nextAsked.map { "next asked for at +\(ms($0)) by \(Quoted.visible(candidate.nextAskedBy ?? "?"))" } ?? "not asked for again by a walking lookup"
            lines.append("  \(pad(ms(candidate.cost)))  \(Quoted.visible(candidate.label))\(made)\(place); \(next)")
        }
        lines.append("")
        lines.append("threads")
        for thread in profile.threads {
            lines.append("  \(thread.name): \(thread.spans) \(thread.spans == 1 ? "span" : "spans"), busy \(ms(thread.busy))")
            for top in thread.longest {
                let place = top.location.map { "  \($0)" } ?? ""
                lines.append("    \(pad(ms(top.duration)))  \(Quoted.visible(top.label))\(place)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func section(_ title: String, _ costs: [RunProfile.Cost], into lines: inout [String]) {
        lines.append(title)
        if costs.isEmpty { lines.append("  nothing timed") }
        for cost in costs {
            let asked = cost.askedBy.map { ", asked by \($0) component \($0 == 1 ? "type" : "types")" } ?? ""
            lines.append("  \(pad(ms(cost.total)))  \(Quoted.visible(cost.name)): \(cost.count)x, longest \(ms(cost.longest))\(asked)")
        }
        lines.append("")
    }

    /// "the main thread", "thread 3 (it made the root)".
    private func phrase(_ thread: UInt32) -> String {
        thread == RecordingThread.main ? "the main thread" : "\(RunProfile.threadName(thread)) (it made the root)"
    }

    private func ms(_ nanoseconds: UInt64) -> String { ProfileDuration.text(nanoseconds) }

    /// Right-aligned in the column of times.
    private func pad(_ text: String) -> String { String(repeating: " ", count: max(0, 8 - text.count)) + text }
}
