#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GraphInspect

/// How two runs ended, in words, for `diff`'s text and comment: the one line that says a run
/// crashed or failed, before the changes it cut short. All of the diff's words about endings are
/// here.
struct EndingWords {
    /// What the two sides are called: `old`/`new` in `diff`'s text, `base`/`head` in the comment.
    var old: String
    var new: String
    /// How a report's line is set among the words: as it is in text, escaped in Markdown (the
    /// words around it are plain prose in both).
    var quote: @Sendable (String) -> String

    static let text = EndingWords(old: "old", new: "new", quote: { $0 })
    static let comment = EndingWords(old: "base", new: "head", quote: MarkdownEscaping.text)

    /// The line for `old` and `new`'s endings, as `(lead, rest)`: the lead is what the comment
    /// sets in bold. Nil when neither failed, or only the old one did and the new one's end is
    /// unknown.
    func line(old before: RunEnding?, new after: RunEnding?) -> (lead: String, rest: String)? {
        switch (before, after) {
        case (let before?, let after?) where after.failed && before.failed:
            let same = before == after ? "the same way" : how(before)
            return ("The \(new) run \(Self.verb(after))", ": " + how(after) + ". The \(old) run \(Self.verb(before)) too: \(same)." + Self.cutShort(after))
        case (_, let after?) where after.failed:
            return ("The \(new) run \(Self.verb(after))", ": " + how(after) + "." + Self.cutShort(after))
        case (let before?, let after?) where before.failed:
            return ("The \(old) run \(Self.verb(before))", ": " + how(before) + ". The \(new) run " + how(after)
                + (Self.endsEarly(before) ? ": the changes below include what the \(old) run never reached." : "."))
        default:
            return nil
        }
    }

    /// `ended early` for a run that stopped before it exited, `failed` for one that exited with
    /// another status than 0.
    private static func verb(_ ending: RunEnding) -> String {
        endsEarly(ending) ? "ended early" : "failed"
    }

    private static func endsEarly(_ ending: RunEnding) -> Bool {
        if case .exited = ending.how { return ending.report != nil }
        return true
    }

    private static func cutShort(_ ending: RunEnding) -> String {
        endsEarly(ending) ? " The changes below are only what it recorded before it ended." : ""
    }

    /// `killed by signal 6 (SIGABRT) after graphinspect reported a missing dependency: ...`.
    func how(_ ending: RunEnding) -> String {
        let reported = ending.report.map { quote(Self.firstLine($0)) }
        switch ending.how {
        case .exited(let status?) where status == 0 && reported == nil: return "exited with status 0"
        case .exited(nil) where reported == nil: return "exited"
        case .exited(let status):
            return "exited" + (status.map { " with status \($0)" } ?? "") + (reported.map { " after graphinspect reported: " + $0 } ?? "")
        case .signalled(let signal):
            return "killed by signal \(signal)" + (Self.signalName(signal).map { " (\($0))" } ?? "") + (reported.map { " after graphinspect reported: " + $0 } ?? "")
        case .unfinished:
            return reported.map { "graphinspect ended it, reporting: " + $0 }
                ?? "its recording stops before the app exited (it crashed or was killed)"
        }
    }

    /// A report's first line, as it reads after "graphinspect reported:" (without its `error:`
    /// or `graphinspect:` label).
    private static func firstLine(_ report: String) -> String {
        var line = String(report.prefix { $0 != "\n" })
        for label in ["graphinspect: ", "error: "] where line.hasPrefix(label) { line.removeFirst(label.count) }
        if line.hasSuffix(":") { line.removeLast() }
        return line
    }

    /// The signal's constant name, for the signals a crash or a kill sends.
    static func signalName(_ signal: Int32) -> String? {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
            (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGKILL, "SIGKILL"), (SIGSEGV, "SIGSEGV"),
            (SIGPIPE, "SIGPIPE"), (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"),
        ]
        return names.first { $0.0 == signal }?.1
    }
}
