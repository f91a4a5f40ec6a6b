import Testing

/// Golden settings for a suite or a test: when goldens are written and the folder they live in.
///
///     @Suite(.graphGoldens(record: .failed, directory: "Goldens"))
///     struct ShopGraphTests { ... }
///
/// `expectGraph(_:matchesGolden:)` inside it takes its record mode from, in order: its own
/// `record:` argument, `GRAPHINSPECT_RECORD` when set (a command line's one-off override), this
/// trait, then `.missing`. A relative golden path is read from `directory` (itself relative to
/// the test file's folder) instead of the test file's folder. The innermost trait wins: a test's
/// own `.graphGoldens` over its suite's.
public struct GraphGoldens: SuiteTrait, TestTrait, TestScoping {
    /// The record mode of the expectations inside, unless an argument or the environment says.
    public var record: GoldenRecording?
    /// The folder relative golden paths are in: relative to the test file's folder, or absolute.
    public var directory: String?

    public var isRecursive: Bool { true }

    /// The settings of the test running on this task, if a trait gave some.
    @TaskLocal static var current: GraphGoldens?

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await Self.$current.withValue(self, operation: function)
    }
}

extension Trait where Self == GraphGoldens {
    /// Scopes the record mode and the golden folder to a suite or a test (`GraphGoldens`).
    public static func graphGoldens(record: GoldenRecording? = nil, directory: String? = nil) -> Self {
        GraphGoldens(record: record, directory: directory)
    }
}
