import Foundation

/// Writes messages with their header, whole, to standard output (or any descriptor).
public struct MessageWriter {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ body: Data) {
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
