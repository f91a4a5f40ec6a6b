#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The time of events (a detach, a release, a builder's run, a lookup's walk, a first-use build,
/// the end): nanoseconds on the system's monotonic clock, so every event of a run is on one
/// scale and "detached 1.2 s ago" can be said from the events alone. Read only when an observer
/// is installed (the events are made only then); one `clock_gettime`, which the C library answers
/// without a system call (`ContinuousClock`'s `Duration` arithmetic cost twice as much).
public enum RecordingClock {
    /// Whether times are read: off only for the benchmark, which measures what reading them costs
    /// a whole recording (events then carry no time, as in a version 2 trace).
    package nonisolated(unsafe) static var isRead = true

    /// An event's time: `now()`, or nil when times are not read.
    @inline(__always)
    static func stamp() -> UInt64? {
        isRead ? now() : nil
    }

    /// An event's time and thread (`RecordingThread`), or neither when times are not read.
    @inline(__always)
    static func stampWithThread() -> (time: UInt64?, thread: UInt32?) {
        isRead ? (now(), RecordingThread.current) : (nil, nil)
    }

    /// Nanoseconds from `start` (a `stamp()`) to now; nil when `start` is.
    @inline(__always)
    static func elapsed(since start: UInt64?) -> UInt64? {
        guard let start else { return nil }
        let end = now()
        return end >= start ? end &- start : 0
    }

    /// Nanoseconds since an arbitrary point (the system's start), comparable within a run.
    @inline(__always)
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
