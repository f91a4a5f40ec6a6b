#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Streams the trace's lines over TCP to `graphinspect live --listen` (an app on a device, which
/// cannot share a file with the Mac): started when `GRAPHINSPECT_LIVE` is `[TOKEN@]HOST:PORT`.
///
/// The app never waits for the viewer. Lines are copied into one of two buffers (`capacity`
/// bytes between them) under the trace writer's spin lock, which the stream shares (one lock per
/// line, as for the trace file): a copy and a few additions, no system call. A thread of the stream's own swaps the buffers when it finds lines
/// (it looks every millisecond, less often while nothing comes), sends them, connects and
/// reconnects. Lines are kept while no viewer is connected, so one that connects after the app
/// started (or after the stream's first connect, which races the app's first lines) still gets
/// the run's beginning. When the buffer is full, lines are counted, not kept: the stream says
/// `{"event":"dropped","lines":N}` (docs/trace-format.md) where they were, so the viewer knows
/// the gap. A connection starts with `graphinspect-live TOKEN` (or `graphinspect-live` without
/// a token) and the trace's header line, then, when lines have gone before (to an earlier
/// viewer), a `dropped` line counting them. With `GRAPHINSPECT_TRACE` also set, the file still
/// gets every line.
final class LiveStream: @unchecked Sendable {
    /// The environment variable that turns streaming on.
    static let environmentVariable = "GRAPHINSPECT_LIVE"

    let host: String
    let port: String
    let token: String?
    /// Bytes the two buffers hold between them.
    let capacity: Int

    /// What the app's threads and the stream's thread share, under `state`'s spin lock. The
    /// stream's thread owns `spare` between swaps; the app's threads write only into `active`.
    struct State {
        var active: UnsafeMutableRawPointer
        var count = 0
        var spare: UnsafeMutableRawPointer
        /// Lines counted after everything in `active`.
        var dropped = 0
        /// Trace lines `active` stands for: the lines in it and the gaps its notices count.
        var activeSpan = 0
        /// Trace lines after the header that went before everything in `active` (sent, to this
        /// viewer or an earlier one, or lost with a viewer that went away): a viewer connecting
        /// now missed them, and is told so first.
        var gone = 0
        var connected = false
        /// The first connect has been tried (a flush at exit waits for it).
        var tried = false
        var sending = false
        var header: [UInt8] = []
    }

    /// Its lock is the trace writer's too (`SpinLocked.init(_:sharingLockOf:)`).
    let state: SpinLocked<State>
    private let half: Int

    /// `address` is `[TOKEN@]HOST:PORT`; nil when it is not. `startingThread` false makes a
    /// stream that never connects (to test the address's parsing).
    init?(address: String, capacity: Int = 4 << 20, startingThread: Bool = true) {
        var rest = Substring(address)
        if let at = rest.lastIndex(of: "@") {
            token = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        } else {
            token = nil
        }
        guard let colon = rest.lastIndex(of: ":"), let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number) else { return nil }
        host = String(rest[..<colon]).trimmingBrackets
        port = String(number)
        guard !host.isEmpty, token.map({ !$0.contains("\n") && !$0.contains(" ") }) ?? true else { return nil }
        self.capacity = capacity
        half = max(1 << 10, capacity / 2)
        state = SpinLocked(State(
            active: .allocate(byteCount: half, alignment: 8), spare: .allocate(byteCount: half, alignment: 8)
        ))
        if startingThread { startThread() }
    }

    /// Lines dropped and not yet reported to a viewer, and bytes waiting to be sent (for tests).
    var droppedSoFar: Int { state.withLock { $0.dropped } }
    var bufferedBytes: Int { state.withLock { $0.count } }

    /// Waits up to `seconds` for a viewer (for tests and tools).
    func waitUntilConnected(seconds: Double) -> Bool {
        let deadline = Self.now() + seconds
        while Self.now() < deadline {
            if state.withLock({ $0.connected }) { return true }
            usleep(2_000)
        }
        return false
    }

    /// The trace's header line, sent first on every connection (and now, to a viewer already
    /// connected); called holding `state`'s lock, through the trace writer.
    func setHeader(_ line: UnsafeRawBufferPointer) {
        state.withLockHeld { state in
            state.header = Array(line)
            if state.connected, state.count + line.count <= half {
                (state.active + state.count).copyMemory(from: line.baseAddress!, byteCount: line.count)
                state.count += line.count
            }
        }
    }

    /// One complete line (with its newline), in order; called holding `state`'s lock, through the
    /// trace writer, which shares it.
    @inline(__always)
    func enqueue(_ line: UnsafeRawBufferPointer) {
        state.withLockHeld { state in
            // No room (with room for a notice of the gap, at most 50 bytes, when there is
            // one): counted.
            guard state.count + line.count + (state.dropped > 0 ? 50 : 0) <= half else {
                state.dropped += 1
                return
            }
            if state.dropped > 0 { Self.appendNotice(&state) }
            (state.active + state.count).copyMemory(from: line.baseAddress!, byteCount: line.count)
            state.count += line.count
            state.activeSpan += 1
        }
    }

    private static func appendNotice(_ state: inout State) {
        let notice = Self.notice(state.dropped)
        notice.withUnsafeBytes { (state.active + state.count).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        state.count += notice.count
        state.activeSpan += state.dropped
        state.dropped = 0
    }

    /// `{"event":"dropped","lines":N}` and its newline (docs/trace-format.md).
    private static func notice(_ lines: Int) -> [UInt8] {
        Array("{\"event\":\"dropped\",\"lines\":\(lines)}\n".utf8)
    }

    /// Waits up to `seconds` for what is buffered to be sent (at a normal exit).
    func flush(seconds: Double) {
        let deadline = Self.now() + seconds
        while Self.now() < deadline {
            let done = state.withLock { state in
                state.connected ? state.count == 0 && state.dropped == 0 && !state.sending : state.tried
            }
            if done { return }
            usleep(2_000)
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The thread holds the stream for the life of the process (the environment's stream is never
    /// released).
    private func startThread() {
        let box = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        guard pthread_create(&thread, nil, { box in
            Unmanaged<LiveStream>.fromOpaque(box).takeRetainedValue().run()
            return nil
        }, box) == 0, let thread else { return }
        pthread_detach(thread)
        #else
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { box in
            Unmanaged<LiveStream>.fromOpaque(box!).takeRetainedValue().run()
            return nil
        }, box) == 0 else { return }
        pthread_detach(thread)
        #endif
    }

    /// The stream's thread: connect (retrying each second), then send what is buffered, looking
    /// every millisecond while lines come and backing off to 20 ms while none do.
    private func run() {
        while true {
            let socket = connectToViewer()
            guard socket >= 0 else {
                state.withLock { $0.tried = true }
                sleep(1)
                continue
            }
            // A viewer connecting after lines went (to an earlier viewer, or lost with it) is
            // told how many it missed: `graphinspect live` continues its run when it is the same
            // server, and a new one knows it joined mid-run.
            let opening: [UInt8] = state.withLock { state in
                var opening = Array("graphinspect-live\(token.map { " " + $0 } ?? "")\n".utf8) + state.header
                if state.gone > 0 { opening += Self.notice(state.gone) }
                state.connected = true
                state.tried = true
                return opening
            }
            var ok = opening.withUnsafeBytes { Self.sendAll(socket, $0.baseAddress!, $0.count) }
            var idle: UInt32 = 1_000
            // A viewer that went away while nothing was sent is found before lines are sent
            // into its closed socket (the first send after a close succeeds, and is lost).
            while ok && Self.isOpen(socket) {
                let filled: (UnsafeMutableRawPointer, Int, Int)? = state.withLock { state in
                    // A gap at the end of what is kept is said even if no line comes after it.
                    if state.dropped > 0, state.count + 50 <= half { Self.appendNotice(&state) }
                    guard state.count > 0 else { return nil }
                    swap(&state.active, &state.spare)
                    let filled = (state.spare, state.count, state.activeSpan)
                    state.count = 0
                    state.activeSpan = 0
                    state.sending = true
                    return filled
                }
                guard let (bytes, count, span) = filled else {
                    usleep(idle)
                    idle = min(idle * 2, 20_000)
                    continue
                }
                idle = 1_000
                ok = Self.sendAll(socket, bytes, count)
                state.withLock { state in
                    state.sending = false
                    state.gone += span
                }
            }
            // Lines not yet sent stay for the next viewer.
            state.withLock { $0.connected = false }
            close(socket)
            sleep(1)
        }
    }

    /// Whether the viewer still holds its end (it never sends, so readable means closed).
    private static func isOpen(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0
        let read = recv(socket, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if read > 0 { return true }
        if read == 0 { return false }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
    }

    private func connectToViewer() -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, port, &hints, &found) == 0, let first = found else { return -1 }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            if fd >= 0 {
                #if canImport(Darwin)
                var one: Int32 = 1
                setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                #endif
                if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            entry = address.pointee.ai_next
        }
        return -1
    }

    /// Sends all of `bytes`; false when the viewer went away.
    private static func sendAll(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        return WriteAll.write(socket, UnsafeRawBufferPointer(start: bytes, count: count)) { send($0, $1, $2, flags) } == nil
    }

    /// The stream `GRAPHINSPECT_LIVE` asks for; nil when it is unset or not `[TOKEN@]HOST:PORT`
    /// (which is said once on standard error).
    static let fromEnvironment: LiveStream? = {
        guard let value = getenv(environmentVariable), value.pointee != 0 else { return nil }
        let address = String(cString: value)
        guard let stream = LiveStream(address: address) else {
            StandardError.write("graphinspect: \(environmentVariable)=\(address) is not [TOKEN@]HOST:PORT; this run is not streamed\n")
            return nil
        }
        return stream
    }()
}

private extension String {
    /// `[::1]` as `::1`.
    var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
