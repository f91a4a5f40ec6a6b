import Foundation

/// When `expectGraph(_:matchesGolden:)` writes its golden file, as swift-snapshot-testing's record
/// modes. The environment picks it (`GRAPHINSPECT_RECORD=missing|failed|all|never`), or a test
/// passes one (`record: .failed`, or `true` for `.all` and `false` for `.never`).
public enum GoldenRecording: String, Sendable, CaseIterable, ExpressibleByBooleanLiteral {
    /// Write goldens that do not exist yet (and fail once, saying so); compare the others. The default.
    case missing
    /// Also rewrite goldens that differ (failing once, saying so); matching ones pass untouched.
    case failed
    /// Rewrite every golden, failing each test once, saying so.
    case all
    /// Never write: a missing golden fails. For CI.
    case never

    public init(booleanLiteral value: Bool) {
        self = value ? .all : .never
    }

    /// The mode `GRAPHINSPECT_RECORD` names: its value, `1`/`true`/`yes` for `all`, `0`/`false`/`no`
    /// for `never`, unset for `unset` (`missing` unless a `.graphGoldens` trait says). Nil for a
    /// value that names none (reported as a failure).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment, unset: GoldenRecording = .missing) -> GoldenRecording? {
        guard let value = environment["GRAPHINSPECT_RECORD"]?.lowercased(), !value.isEmpty else { return unset }
        switch value {
        case "1", "true", "yes": return .all
        case "0", "false", "no": return .never
        default: return GoldenRecording(rawValue: value)
        }
    }
}
