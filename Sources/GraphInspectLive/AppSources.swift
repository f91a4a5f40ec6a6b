import Foundation
import NIOCore

/// Follows a trace file another process is writing, as `tail -f` does: every 10 ms, the complete
/// lines added since the last look go to the hub. The runtime writes a regular file through a
/// shared mapping with NUL padding ahead of it (`MappedTraceFile`): a NUL is where the written
/// part ends for now. A file that shrinks (a new run truncated it) starts a new run.
final class TraceFollower: @unchecked Sendable {
    let path: String
    let hub: LiveHub
    private var offset: UInt64 = 0
    private var partial: [UInt8] = []
    private var task: RepeatedTask?

    init(path: String, hub: LiveHub) {
        self.path = path
        self.hub = hub
    }

    func start() {
        task = hub.loop.scheduleRepeatedTask(initialDelay: .zero, delay: .milliseconds(10)) { [self] _ in poll() }
    }

    func stop() {
        task?.cancel()
        poll()
    }

    /// Reads what was added; returns whether anything was.
    @discardableResult
    func poll() -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        if size < offset {
            offset = 0
            partial = []
            hub.startRun(source: "following \(path)")
        }
        guard size > offset else { return false }
        try? handle.seek(toOffset: offset)
        let chunk = [UInt8]((try? handle.read(upToCount: Int(min(size - offset, 8 << 20)))) ?? Data())
        var consumed = 0
        var start = 0
        for (index, byte) in chunk.enumerated() {
            if byte == 0 { break }
            if byte == UInt8(ascii: "\n") {
                let line = partial + chunk[start..<index]
                partial = []
                hub.feed(line)
                start = index + 1
                consumed = start
            }
        }
        // Bytes after the last newline, up to padding, wait for the rest of their line.
        offset += UInt64(consumed)
        if partial.count > 16 << 20 { partial = [] }
        return consumed > 0
    }
}

/// Runs the app with `GRAPHINSPECT_TRACE` pointing at a file of ours and follows it, so nothing
/// the app records is lost whatever the page's pace; its output goes to ours, or nowhere when
/// `quiet`. When it ends, the hub learns how (exit status or signal).
final class AppProcess: @unchecked Sendable {
    let process = Process()
    let trace: String
    let follower: TraceFollower

    init(executable: String, arguments: [String], quiet: Bool = false, hub: LiveHub) {
        trace = FileManager.default.temporaryDirectory.appendingPathComponent("graphinspect-live-\(getpid()).ndjson").path
        follower = TraceFollower(path: trace, hub: hub)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GRAPHINSPECT_TRACE"] = trace
        environment["GRAPHINSPECT_LIVE"] = nil
        process.environment = environment
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
    }

    func start() throws {
        _ = FileManager.default.createFile(atPath: trace, contents: nil)
        let hub = follower.hub, follower = follower, name = process.executableURL?.lastPathComponent ?? "app"
        hub.loop.execute { hub.startRun(source: "running \(name)") }
        process.terminationHandler = { ended in
            let reason = ended.terminationReason, status = ended.terminationStatus
            hub.loop.execute {
                follower.stop()
                if reason == .uncaughtSignal { hub.ended(exitStatus: nil, signal: status) } else { hub.ended(exitStatus: status, signal: nil) }
            }
        }
        try process.run()
        follower.start()
    }
}

/// `--listen`: apps connect and stream their trace lines (`GRAPHINSPECT_LIVE`, `LiveStream` in the
/// runtime). The first line must be `graphinspect-live TOKEN` (the token printed at start, when
/// one is needed); then each line goes to the hub. A connection starts a new run, unless it is the
/// app of the run that lost its connection, coming back. A line over 16 MiB closes the connection.
final class AppLineHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    let hub: LiveHub
    let token: String?
    private var pending: [UInt8] = []
    /// Where the connection is: the greeting, the header, the line after it, the rest.
    private enum Phase { case hello, header, first(continuing: Bool), lines }
    private var phase = Phase.hello

    init(hub: LiveHub, token: String?) {
        self.hub = hub
        self.token = token
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        pending += buffer.readBytes(length: buffer.readableBytes) ?? []
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[start..<newline])
            start = newline + 1
            switch phase {
            case .hello:
                let hello = String(decoding: line, as: UTF8.self)
                guard hello == "graphinspect-live" + (token.map { " " + $0 } ?? "") || (token == nil && hello.hasPrefix("graphinspect-live")) else {
                    hub.refuseConnection("an app connected without the token (its first line was not `graphinspect-live TOKEN`)")
                    context.close(promise: nil)
                    return
                }
                phase = .header
            case .header:
                let peer = context.remoteAddress.map { "\($0)" } ?? "an app"
                phase = .first(continuing: hub.connected(ObjectIdentifier(context.channel), header: line, source: "streamed from \(peer)"))
            case .first(let continuing):
                hub.firstLine(line, continuing: continuing)
                phase = .lines
            case .lines:
                hub.feed(line)
            }
        }
        pending.removeFirst(start)
        if pending.count > 16 << 20 {
            hub.refuseConnection("an app sent a line over 16 MiB")
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        hub.disconnected(ObjectIdentifier(context.channel))
        context.fireChannelInactive()
    }
}
