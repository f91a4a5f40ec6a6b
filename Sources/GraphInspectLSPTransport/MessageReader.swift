import Foundation

/// The Language Server Protocol's base protocol: each message is `Content-Length: N` (and any other
/// headers), a blank line, then N bytes of JSON. Reads from a file descriptor through a buffer, so
/// a message split across reads, or several in one read, come out whole and in order.
public struct MessageReader {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The headers do not say how long the message is, or say it in a way that is not a number.
        case badHeader(String)
        /// The message is longer than the server reads.
        case tooLong(Int)

        public var description: String {
            switch self {
            case .badHeader(let header): "a message's headers have no usable Content-Length: \(header.debugDescription)"
            case .tooLong(let length): "a message of \(length) bytes is longer than the \(MessageReader.maxLength) the server reads"
            }
        }
    }

    /// The longest message read (a whole workspace's text sent at once still fits).
    public static let maxLength = 64 << 20
    /// The longest header block read before giving up on it.
    public static let maxHeaderLength = 8 << 10

    private let read: (inout [UInt8]) -> Int
    /// Whether more input is ready without waiting (nil: cannot tell).
    private let ready: () -> Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// `read` appends what it can to the array and returns how many bytes it added, 0 at the end.
    public init(read: @escaping (inout [UInt8]) -> Int, ready: @escaping () -> Bool = { false }) {
        self.read = read
        self.ready = ready
    }

    /// Whether a whole message is buffered, or more input is waiting to be read.
    public func hasWaitingInput() -> Bool {
        headerEnd() != nil || ready()
    }

    /// Reads standard input (or any descriptor).
    public init(descriptor: Int32) {
        self.init(read: { buffer in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var count: Int
            repeat {
                count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            } while count < 0 && errno == EINTR
            guard count > 0 else { return 0 }
            buffer.append(contentsOf: chunk[..<count])
            return count
        }, ready: {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&waiting, 1, 0) > 0
        })
    }

    /// The next message's bytes; nil at the end of input. A bad header skips to the next blank
    /// line and throws, so the server can say so and read on.
    public mutating func next() throws(Failure) -> [UInt8]? {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                guard let length = Self.contentLength(header) else { throw .badHeader(header) }
                guard length <= Self.maxLength else {
                    discard(length)
                    throw .tooLong(length)
                }
                guard fill(to: start + length) else { return nil }
                let body = Array(buffer[start..<(start + length)])
                start += length
                compact()
                return body
            }
            if buffer.count - start > Self.maxHeaderLength {
                let header = String(decoding: buffer[start..<min(buffer.count, start + 200)], as: UTF8.self)
                start = buffer.count
                throw .badHeader(header)
            }
            guard !ended, refill() else { return nil }
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count - start >= 4 else { return nil }
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            guard let length = Int(parts[1].trimmingCharacters(in: .whitespaces)), length >= 0 else { return nil }
            return length
        }
        return nil
    }

    private mutating func refill() -> Bool {
        if read(&buffer) == 0 {
            ended = true
            return false
        }
        return true
    }

    private mutating func fill(to count: Int) -> Bool {
        while buffer.count < count {
            guard !ended, refill() else { return false }
        }
        return true
    }

    /// Skips a message too long to keep, reading past it.
    private mutating func discard(_ length: Int) {
        var left = length
        while left > 0 {
            let have = buffer.count - start
            if have >= left {
                start += left
                break
            }
            left -= have
            start = buffer.count
            compact()
            guard !ended, refill() else { return }
        }
        compact()
    }

    private mutating func compact() {
        if start > 1 << 20 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
