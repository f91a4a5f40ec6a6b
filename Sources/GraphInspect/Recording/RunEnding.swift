/// How a recorded run ended, as far as its recording tells: the exit status or the signal, and
/// graphinspect's report when graphinspect itself ended it.
///
/// A trace knows what the process wrote before it ended (an `ended` line at exit, with the status
/// where the system tells it, or the report graphinspect wrote before ending it; no `ended` line
/// when it was killed or crashed); `graphinspect dump -- APP` knows the status or the signal from
/// the process itself, and puts both in the snapshot. A recording that says nothing of its end (an
/// old trace, a baseline, a recording taken while the app runs) has no ending: unknown.
public struct RunEnding: Sendable, Equatable, Codable {
    /// How the process ended.
    public enum How: Sendable, Equatable {
        /// It exited, with this status when it is known.
        case exited(status: Int32?)
        /// A signal ended it.
        case signalled(Int32)
        /// It did not exit (killed, crashed, or ended by graphinspect with `report`; or had not yet
        /// when its trace was read), and nothing recorded the signal.
        case unfinished
    }

    public var how: How
    /// graphinspect's report when graphinspect ended the run itself (a missing dependency...).
    public var report: String?

    public init(how: How, report: String? = nil) {
        self.how = how
        self.report = report
    }

    /// The ending an `ended` event records: graphinspect's report means it did not exit.
    public init(_ ended: RunEnded) {
        self.init(how: ended.report == nil ? .exited(status: ended.status) : .unfinished, report: ended.report)
    }

    /// Whether the run crashed or failed: anything but an exit with status 0 (or an unknown
    /// status), or graphinspect ended it.
    public var failed: Bool {
        switch how {
        case .exited(let status): report != nil || (status ?? 0) != 0
        case .signalled, .unfinished: true
        }
    }

    /// `how` as the process's own waiting parent saw it, keeping the report the recording holds.
    public func seen(as how: How) -> RunEnding {
        RunEnding(how: how, report: report)
    }

    // The snapshot's JSON: `{"how": "exited", "status": 0}`, `{"how": "signal", "signal": 6,
    // "report": "..."}`, `{"how": "unfinished"}` (docs/trace-format.md).
    enum CodingKeys: String, CodingKey { case how, status, signal, report }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .how) {
        case "exited": how = .exited(status: try container.decodeIfPresent(Int32.self, forKey: .status))
        case "signal": how = .signalled(try container.decode(Int32.self, forKey: .signal))
        case "unfinished": how = .unfinished
        default:
            throw DecodingError.dataCorruptedError(forKey: .how, in: container, debugDescription: "expected exited, signal or unfinished")
        }
        report = try container.decodeIfPresent(String.self, forKey: .report)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch how {
        case .exited(let status):
            try container.encode("exited", forKey: .how)
            try container.encodeIfPresent(status, forKey: .status)
        case .signalled(let signal):
            try container.encode("signal", forKey: .how)
            try container.encode(signal, forKey: .signal)
        case .unfinished:
            try container.encode("unfinished", forKey: .how)
        }
        try container.encodeIfPresent(report, forKey: .report)
    }
}
