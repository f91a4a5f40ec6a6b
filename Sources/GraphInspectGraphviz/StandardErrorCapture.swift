#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs a C call with standard error (fd 2) pointed at a temporary file, and returns what it
/// printed, line by line: for Graphviz messages that bypass its error callback. Lines that are not
/// Graphviz's (another thread's, printed meanwhile) are written back to standard error.
enum StandardErrorCapture {
    static func run<Result>(_ body: () -> Result) -> (Result, [String]) {
        var template = Array("/tmp/graphinspect-stderr-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return (body(), []) }
        unlink(template)
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        dup2(file, STDERR_FILENO)
        let result = body()
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        var bytes: [UInt8] = []
        lseek(file, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(file, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        close(file)
        var graphviz: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("(null): ") || line.contains("cairo") || line.hasPrefix("Warning: ") || line.hasPrefix("Error: ") {
                graphviz.append(String(line))
            } else {
                _ = String(line + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
            }
        }
        return (result, graphviz)
    }
}
