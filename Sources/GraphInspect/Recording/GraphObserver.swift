/// Receives every event the runtime reports.
///
/// Implementations must be cheap and thread-safe: `record` is called on the thread that did the
/// work, from inside lookups. `GraphRecorder` keeps events in memory.
public protocol GraphObserver: AnyObject, Sendable {
    func record(_ event: GraphEvent)

    /// A lookup answered by the requester's cache. Every hit of one (requester, name, type,
    /// provider, source location) passes the same `CacheHit` object, so observers may count hits
    /// by its identity instead of storing each; the default records an event.
    func recordCacheHit(_ hit: CacheHit)
}

extension GraphObserver {
    public func recordCacheHit(_ hit: CacheHit) {
        record(.lookup(hit.lookup))
    }
}

/// Where the runtime finds its observer.
///
/// Each runtime object reads the observer once, when it is created, and reports to it for the rest
/// of its life; with none, reporting costs one nil check. The observer in force is, first match
/// wins: the task-local one (`withObserver`), then the process-wide one (`install`), then the trace
/// file named by the `GRAPHINSPECT_TRACE` environment variable (opened on first use).
///
/// The trace file is never displaced: while `GRAPHINSPECT_TRACE` is set (as `graphinspect dump --
/// ./App` sets it), an observer the app installs or runs with is paired with the trace file, so the
/// app's own recorder and graphinspect both get every event (yours first). The pairing costs a
/// second call per event, and cache-hit repeats are written as whole lines.
public enum GraphObservation {
    @TaskLocal static var taskObserver: (any GraphObserver)?

    static let installed = Locked<(any GraphObserver)?>(nil)

    /// Makes `observer` the process-wide observer for objects created from now on (nil removes it).
    public static func install(_ observer: (any GraphObserver)?) {
        let paired = observer.map(pairedWithTrace)
        installed.withLock { $0 = paired }
    }

    /// Runs `operation` with `observer` in force for objects created inside it, on this task only:
    /// tests running in parallel each see their own objects.
    public static func withObserver<Result>(
        _ observer: any GraphObserver,
        operation: () throws -> Result
    ) rethrows -> Result {
        try $taskObserver.withValue(pairedWithTrace(observer), operation: operation)
    }

    /// `observer`, and the trace file `GRAPHINSPECT_TRACE` names if there is one.
    static func pairedWithTrace(_ observer: any GraphObserver) -> any GraphObserver {
        guard let trace = TraceFileWriter.fromEnvironment, observer !== trace else { return observer }
        if let fanout = observer as? ObserverFanout, fanout.contains(trace) { return observer }
        return ObserverFanout([observer, trace])
    }

    /// `withObserver` for async code: objects created in `operation`, and in the child tasks it
    /// starts, report to `observer`.
    public static func withObserver<Result>(
        _ observer: any GraphObserver,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $taskObserver.withValue(pairedWithTrace(observer), operation: operation)
    }

    /// The observer a newly created object reports to.
    static var current: (any GraphObserver)? {
        taskObserver ?? installed.withLock { $0 } ?? TraceFileWriter.fromEnvironment
    }
}
