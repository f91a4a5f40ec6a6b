import GraphInspect

/// Records what a piece of code builds, for assertions in tests.
///
/// The recorder is task-local: tests running in parallel each capture only their own objects.
public enum GraphCapture {
    /// Runs `body` with a recorder of its own and returns the graph, taken while what `body`
    /// returns is still alive (return your app's root to keep it in the graph).
    public static func capture<Value>(_ body: () throws -> Value) rethrows -> GraphSnapshot {
        let recorder = GraphRecorder()
        let value = try GraphObservation.withObserver(recorder, operation: body)
        return withExtendedLifetime(value) { recorder.snapshot() }
    }

    /// `capture` for async code.
    public static func capture<Value>(_ body: () async throws -> Value) async rethrows -> GraphSnapshot {
        let recorder = GraphRecorder()
        let value = try await GraphObservation.withObserver(recorder, operation: body)
        return withExtendedLifetime(value) { recorder.snapshot() }
    }
}
