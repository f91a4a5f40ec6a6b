/// The first line of every trace file: what the file is and which version of the format.
///
/// The version changes when a reader of the old version could misread a new trace: a field's
/// meaning changes, a field or event is removed, or a new event must not be ignored. Adding an
/// optional field does not change it. docs/trace-format.md documents version 4 (version 4 added times,
/// durations and threads to builds, lookups and first-use builds, and `marked` events; version 1
/// had no `repeated` lines; readers read them all).
public struct TraceHeader: Sendable, Equatable, Codable {
    /// Always `"graphinspect-trace"`.
    public var format: String
    /// The format's version.
    public var version: Int
    /// The recording process's id.
    public var pid: Int?
    /// The recording program's name (its first argument's last path component).
    public var program: String?

    public static let formatName = "graphinspect-trace"
    public static let currentVersion = 4
    /// The versions this runtime's reader reads.
    public static let readableVersions = 1...4

    public init(format: String = formatName, version: Int = currentVersion, pid: Int? = nil, program: String? = nil) {
        self.format = format
        self.version = version
        self.pid = pid
        self.program = program
    }
}
