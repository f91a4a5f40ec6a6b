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
/// The app never waits for the viewer. Lines are copied into a bounded buffer (`capacity`) under
/// the trace writer's lock, and a thread of the stream's own connects, sends and reconnects. When
/// the buffer is full, or no viewer is connected, lines are counted, not kept: the next line sent
/// is preceded by `{"event":"dropped","lines":N}` (docs/trace-format.md), so the viewer knows the
/// gap. A connection starts with `graphinspect-live TOKEN` (or `graphinspect-live` without a
/// token) and the trace's header line. With `GRAPHINSPECT_TRACE` also set, the file still gets
/// every line.
final class LiveStream: @unchecked Sendable {
    /// The environment variable that turns streaming on.
    static let environmentVariable = "GRAPHINSPECT_LIVE"

    let host: String
    let port: String
    let token: String?
    let capacity: Int

    private let mutex = PThreadMutex.make()
    private let signal: UnsafeMutablePointer<pthread_cond_t> = {
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        pthread_cond_init(condition, nil)
        return condition
    }()
    // Under `mutex`.
    private var buffer: [UInt8] = []
    private var header: [UInt8] = []
    private var dropped = 0
    private var connected = false
    private var stopping = false
    private var sending = false

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
        buffer.reserveCapacity(min(capacity, 1 << 16))
        if startingThread { startThread() }
    }

    /// Lines dropped and not yet reported to a viewer, and bytes waiting to be sent (for tests).
    var droppedSoFar: Int { locked { dropped } }
    var bufferedBytes: Int { locked { buffer.count } }

    /// Waits up to `seconds` for a viewer (for tests and tools).
    func waitUntilConnected(seconds: Double) -> Bool {
        let deadline = Self.now() + seconds
        while Self.now() < deadline {
            if locked({ connected }) { return true }
            usleep(2_000)
        }
        return false
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// The trace's header line, sent first on every connection (and now, to a viewer already
    /// connected).
    func setHeader(_ line: UnsafeRawBufferPointer) {
        pthread_mutex_lock(mutex)
        header = Array(line)
        if connected {
            if buffer.isEmpty { pthread_cond_signal(signal) }
            buffer.append(contentsOf: line)
        }
        pthread_mutex_unlock(mutex)
    }

    /// One complete line (with its newline), in order; called under the trace writer's lock.
    func enqueue(_ line: UnsafeRawBufferPointer) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard connected else {
            dropped += 1
            return
        }
        // A full buffer's test is one comparison: the notice (at most 50 bytes) is made only
        // when there is room for it.
        guard buffer.count + line.count + (dropped > 0 ? 50 : 0) <= capacity else {
            dropped += 1
            return
        }
        let wasEmpty = buffer.isEmpty
        if dropped > 0 {
            buffer += Array("{\"event\":\"dropped\",\"lines\":\(dropped)}\n".utf8)
            dropped = 0
        }
        buffer.append(contentsOf: line)
        if wasEmpty { pthread_cond_signal(signal) }
    }

    /// Waits up to `seconds` for what is buffered to be sent (at a normal exit).
    func flush(seconds: Double) {
        let deadline = Self.now() + seconds
        while Self.now() < deadline {
            pthread_mutex_lock(mutex)
            let done = !connected || (buffer.isEmpty && !sending)
            pthread_mutex_unlock(mutex)
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

    /// The stream's thread: connect (retrying each second), then send what is buffered.
    private func run() {
        while true {
            let socket = connectToViewer()
            guard socket >= 0 else {
                sleep(1)
                continue
            }
            pthread_mutex_lock(mutex)
            var opening = Array("graphinspect-live\(token.map { " " + $0 } ?? "")\n".utf8) + header
            if dropped > 0 { opening += Array("{\"event\":\"dropped\",\"lines\":\(dropped)}\n".utf8) }
            dropped = 0
            connected = true
            pthread_mutex_unlock(mutex)
            var ok = Self.sendAll(socket, opening)
            while ok {
                pthread_mutex_lock(mutex)
                while buffer.isEmpty { pthread_cond_wait(signal, mutex) }
                var batch: [UInt8] = []
                swap(&batch, &buffer)
                sending = true
                pthread_mutex_unlock(mutex)
                ok = Self.sendAll(socket, batch)
                pthread_mutex_lock(mutex)
                sending = false
                if !ok { dropped += batch.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
                pthread_mutex_unlock(mutex)
            }
            pthread_mutex_lock(mutex)
            connected = false
            dropped += buffer.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            buffer.removeAll(keepingCapacity: true)
            pthread_mutex_unlock(mutex)
            close(socket)
            sleep(1)
        }
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
    private static func sendAll(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        return bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let sent = send(socket, raw.baseAddress! + offset, raw.count - offset, flags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
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
