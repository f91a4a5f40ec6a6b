#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether reports use terminal colours.
public enum ReportStyle: Sendable, Equatable {
    case plain
    case ansi

    /// Colour when standard error is a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    public static var forStandardError: ReportStyle { forDescriptor(2) }

    /// Colour when standard output is a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    public static var forStandardOutput: ReportStyle { forDescriptor(1) }

    private static func forDescriptor(_ fd: Int32) -> ReportStyle {
        guard isatty(fd) == 1, getenv("NO_COLOR") == nil else { return .plain }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return .plain }
        return .ansi
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func red(_ text: String) -> String { wrap(text, "1;31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        self == .ansi ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
