import GraphInspect

/// A replay as numbered lines, one per step; control characters in names shown escaped.
public struct ReplayTextWriter: Sendable {
    public init() {}

    /// The first `count` steps (all when nil); the last one shown is marked as the newest.
    public func write(_ replay: Replay, steps count: Int? = nil) -> String {
        let shown = replay.steps.prefix(count ?? replay.steps.count)
        var out = "graphinspect replay: \(replay.kind.title), \(shown.count) of \(replay.steps.count) steps\n\n"
        for (index, step) in shown.enumerated() {
            let newest = count != nil && index == shown.count - 1 ? "  <- newest" : ""
            out += "  \(index + 1). \(Quoted.visible(step.words))\(newest)\n"
        }
        return out
    }
}
