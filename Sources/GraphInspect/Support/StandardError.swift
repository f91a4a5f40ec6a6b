#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes to standard error with `write(2)`: unbuffered, so it is out before a crash.
enum StandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = WriteAll.write(2, UnsafeRawBufferPointer(bytes)) }
    }
}
