/// Payload of `GraphEvent.marked`: a moment the app named, such as the end of its launch.
///
/// `graphinspect profile` measures the startup up to the first mark (its name chosen with
/// `--until`), or to the last event when the app sets none.
public struct RunMark: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case name, time, thread }

    /// What the moment is, e.g. "launched" or "firstFrame".
    public var name: String
    /// When, on `RecordingClock`.
    public var time: UInt64
    /// The thread that set it (`RecordingThread`).
    public var thread: UInt32

    public init(name: String, time: UInt64, thread: UInt32) {
        self.name = name
        self.time = time
        self.thread = thread
    }
}

extension GraphRecord {
    /// Marks a moment of the run (`"launched"`, say) for `graphinspect profile`, which measures
    /// the startup up to it. Costs one clock read when recording, one check when not.
    public static func mark(_ name: String) {
        GraphObservation.current?.record(.marked(RunMark(name: name, time: RecordingClock.now(), thread: RecordingThread.current)))
    }
}
