#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one loop that writes every byte to a descriptor: it retries short writes and interrupted
/// calls (EINTR) and stops at the first real failure. The trace writer, standard error, the CLI's
/// files and the live stream's socket (with `send`) all write through it.
package enum WriteAll {
    /// The system call that writes: `write(2)` by default, `send(2)` for a socket.
    package typealias Call = (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int

    /// Writes all of `bytes`; nil when they all went, else the errno of the failure (EIO when the
    /// call wrote nothing and gave no error, so a stuck descriptor cannot loop for ever).
    @discardableResult
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, using call: Call = systemWrite) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = call(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// `write(2)`, under a name no caller's own `write` shadows.
    package static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Musl.write(descriptor, bytes, count)
        #endif
    }
}
