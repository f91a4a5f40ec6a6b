#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An observer that streams every event to a file as one JSON object per line (NDJSON).
///
/// Crash-safe: each line is in the kernel's page cache before `record` returns, so a process that
/// dies at any point (`fatalError`, SIGKILL) leaves every event before the last complete line on
/// disk; only the line being written can be cut short. No user-space buffer holds events back.
/// A regular file on Linux is written through a shared memory mapping (a copy per line, no system
/// call; see `MappedTraceFile`), anything else with one `write(2)` per line. The file is locked
/// (`flock`) while open, so a second process given the same path is refused instead of
/// interleaving its lines.
///
/// Started automatically when the environment variable `GRAPHINSPECT_TRACE` names a path.
public final class TraceFileWriter: GraphObserver, @unchecked Sendable {
    /// The environment variable that turns tracing on.
    public static let environmentVariable = "GRAPHINSPECT_TRACE"

    /// Why a trace file could not be opened.
    public struct OpenError: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String {
            "graphinspect: cannot record to \(path): \(reason); this run is not recorded"
        }
    }

    public let path: String
    /// Where lines go, and how many have gone (the header is line 1): the file, and the live
    /// stream (`GRAPHINSPECT_LIVE`) when there is one; a live-only writer has no file.
    private struct Output {
        var sink: TraceSink?
        var live: LiveStream?
        var lines = 0

        mutating func append(_ line: UnsafeRawBufferPointer) {
            sink?.append(line)
            live?.enqueue(line)
            lines += 1
        }
    }

    private let output: SpinLocked<Output>
    /// The events that say what was made, attached, let go and released (no lookups): what
    /// judging the leaks at the end needs (`recordLeakHolders`). Kept by the writer
    /// `GRAPHINSPECT_TRACE` starts, which searches at exit; nil for one an app makes itself, so
    /// its recording thread allocates nothing for it.
    private let structure: Locked<[GraphEvent]>?

    /// Streams to `graphinspect live --listen` at `liveAddress` (`[TOKEN@]HOST:PORT`), with no
    /// file: what `GRAPHINSPECT_LIVE` does, for an app that learns the address while it runs
    /// (install it with `GraphObservation.install`). Nil when the address is not one.
    public convenience init?(liveAddress: String) {
        guard let live = LiveStream(address: liveAddress) else { return nil }
        self.init(live: live)
    }

    /// Streams to `live` only, with no file (`GRAPHINSPECT_LIVE` without `GRAPHINSPECT_TRACE`).
    /// `judgesLeaksAtExit`: keeps what `recordLeakHolders` needs.
    init(live: LiveStream, judgesLeaksAtExit: Bool = false) {
        path = "\(live.host):\(live.port)"
        structure = judgesLeaksAtExit ? Locked([]) : nil
        output = SpinLocked(Output(sink: nil, live: live), sharingLockOf: live.state)
        writeHeader()
    }

    /// Creates (or empties) the file at `path`, writes the header line and keeps it open; every
    /// line also goes to `live` when given.
    /// - Throws: `OpenError` when the file cannot be created, or another process is writing it.
    public convenience init(path: String) throws(OpenError) {
        try self.init(path: path, live: nil)
    }

    init(path: String, live: LiveStream?, judgesLeaksAtExit: Bool = false) throws(OpenError) {
        self.path = path
        structure = judgesLeaksAtExit ? Locked([]) : nil
        // Read-write: a shared mapping needs it, even though nothing is read back.
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        // A pipe or device (/dev/stderr, a FIFO) is streamed to as it is; only a regular file is
        // locked against a second writer and emptied.
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            output = Self.output(TraceSink(descriptor: fd, map: false), live)
            writeHeader()
            return
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw OpenError(path: path, reason: "another process is recording to it")
        }
        guard ftruncate(fd, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw OpenError(path: path, reason: reason)
        }
        output = Self.output(TraceSink(descriptor: fd, map: true), live)
        writeHeader()
    }

    /// The writer's state behind one spin lock, the live stream's when there is one: a line goes
    /// to the file and the stream under a single lock.
    private static func output(_ sink: TraceSink, _ live: LiveStream?) -> SpinLocked<Output> {
        guard let live else { return SpinLocked(Output(sink: sink, live: nil)) }
        return SpinLocked(Output(sink: sink, live: live), sharingLockOf: live.state)
    }

    /// Line 1: `TraceHeader`, written once through `Codable` (events have `TraceLine`).
    private func writeHeader() {
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) }
        // The header always encodes; a failure here would be a bug in its type, so it is dropped
        // rather than taking the app down.
        guard var line = try? JSONLineEncoder().encode(TraceHeader(pid: Int(getpid()), program: program)) else { return }
        line += "\n"
        line.withUTF8 { bytes in
            output.withLock { output in
                output.sink?.append(UnsafeRawBufferPointer(bytes))
                output.live?.setHeader(UnsafeRawBufferPointer(bytes))
                output.lines += 1
            }
        }
    }

    deinit {
        finish()
        if let descriptor = output.withLock({ $0.sink?.descriptor }) { close(descriptor) }
    }

    /// Cuts a mapped file to the length written; later lines are streamed. Called when the
    /// writer goes away, and at exit for the environment's writer.
    func finish() {
        output.withLock { $0.sink?.finish() }
    }

    public func record(_ event: GraphEvent) {
        TraceLine(event).bytes.withUnsafeBytes { write($0) }
        guard let structure else { return }
        switch event {
        case .created, .moduleAttached, .moduleDetached, .routerAttached, .released:
            structure.withLock { $0.append(event) }
        default:
            break
        }
    }

    /// Searches the live objects for what holds each node let go and still alive, and writes a
    /// `held` line for each: done at exit, before the `ended` line.
    func recordLeakHolders() {
        guard let structure else { return }
        RetainedAfterDetach.reportHolders(of: structure.withLock { $0 }, to: self)
    }

    /// Every hit is a line of its own, so counts stay exact even if the process dies. The first
    /// hit of a `CacheHit` is the whole lookup; each repeat is a short line naming it,
    /// `{"event":"repeated","line":N}` (docs/trace-format.md), written without encoding anything.
    public func recordCacheHit(_ hit: CacheHit) {
        let claimed = hit.isClaimed(by: self)
        if claimed {
            let repeated = output.withLock { output in
                guard hit.claimedIndex >= 0 else { return false }
                output.append(hit.repeatLine)
                return true
            }
            if repeated { return }
        }
        hit.withEncodedLine({ TraceLine(.lookup(hit.lookup)).bytes }, { line in
            output.withLock { output in
                if claimed, hit.claimedIndex >= 0 {
                    // Another thread wrote the first line meanwhile.
                    output.append(hit.repeatLine)
                    return
                }
                output.append(line)
                if claimed {
                    hit.claimedIndex = output.lines
                    hit.setRepeatLine(Array("{\"event\":\"repeated\",\"line\":\(output.lines)}\n".utf8))
                }
            }
        })
    }

    /// One complete line, appended whole before any other thread's.
    private func write(_ bytes: UnsafeRawBufferPointer) {
        output.withLock { $0.append(bytes) }
    }

    /// What a normal exit records: the holders the app declared itself rescanned, what holds each
    /// node let go and still alive, then the end with the exit status where the system gives it
    /// (glibc's `on_exit`), so what is still alive after a detach is judged against it.
    private static func endAtExit(status: Int32?) {
        ModuleTreeTracking.sync()
        fromEnvironment?.recordLeakHolders()
        fromEnvironment?.record(.ended(RunEnded(time: RecordingClock.now(), status: status)))
        fromEnvironment?.finish()
        LiveStream.fromEnvironment?.flush(seconds: 1)
    }

    /// Records graphinspect's report as the run's end, just before graphinspect ends the process
    /// (`Termination`), so the recording says why it stops there.
    static func endBeforeTermination(report: String) {
        fromEnvironment?.record(.ended(RunEnded(time: RecordingClock.now(), report: report)))
    }

    /// The writer `GRAPHINSPECT_TRACE` asks for, made on first use; nil when it is unset or the
    /// file cannot be opened (which is said once on standard error).
    /// With `GRAPHINSPECT_LIVE` set too, every line is also streamed (`LiveStream`); with it
    /// alone, only streamed.
    static let fromEnvironment: TraceFileWriter? = {
        let live = LiveStream.fromEnvironment
        guard let value = getenv(environmentVariable), value.pointee != 0 else {
            guard let live else { return nil }
            #if canImport(Glibc)
            on_exit({ status, _ in TraceFileWriter.endAtExit(status: status) }, nil)
            #else
            atexit { TraceFileWriter.endAtExit(status: nil) }
            #endif
            return TraceFileWriter(live: live, judgesLeaksAtExit: true)
        }
        do {
            let writer = try TraceFileWriter(path: String(cString: value), live: live, judgesLeaksAtExit: true)
            // A normal exit rescans the holders the app declared itself (what they hold now, what was
            // released) and leaves the file at its written length; a crash leaves NUL padding.
            #if canImport(Glibc)
            on_exit({ status, _ in TraceFileWriter.endAtExit(status: status) }, nil)
            #else
            atexit { TraceFileWriter.endAtExit(status: nil) }
            #endif
            return writer
        } catch {
            StandardError.write("\(error)\n")
            return nil
        }
    }()
}
