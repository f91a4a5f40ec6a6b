/// The time of detaches and releases (`ModuleAttachment.time`, `Released.time`): nanoseconds on
/// the continuous clock since this process first asked, so every event of a run is on one scale
/// and "detached 1.2 s ago" can be said from the events alone. Read only when an observer is
/// installed (the events are made only then).
public enum RecordingClock {
    private static let start = ContinuousClock.now

    /// Nanoseconds since the first reading in this process.
    public static func now() -> UInt64 {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        return UInt64(max(seconds, 0)) &* 1_000_000_000 &+ UInt64(max(attoseconds, 0) / 1_000_000_000)
    }
}
