// The live server is built only with the package's extras (not under GRAPHINSPECT_WITHOUT_MACROS=1,
// the sanitizer runs' setting): its tests with it.
#if canImport(GraphInspectLive)
import Foundation
import GraphInspectTestSupport

/// `graphinspect live ARGUMENTS` in the background, for the live tests; its page's URL from its
/// first line.
final class LiveServer {
    let process = Process()
    let url: String
    let lines: [String]

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect")
        process.arguments = ["live"] + arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        env["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try ChildProcesses.launch(process)
        var text = ""
        let handle = out.fileHandleForReading
        while !(text.contains("\ngraphinspect live: running") || text.contains("\ngraphinspect live: following") || text.contains("\ngraphinspect live: listening")) || !text.hasSuffix("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        lines = text.split(separator: "\n").map(String.init)
        url = lines.first.flatMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) } ?? ""
    }

    func stop() {
        ChildProcesses.end(process)
    }

    /// Writes `text` to the server's `--listen` port as an app would, and closes the connection.
    static func send(_ text: String, to port: UInt16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
        _ = text.withCString { write(fd, $0, strlen($0)) }
        usleep(200_000)
    }
}

/// What the live tests ask of the page: wait for a condition, read its state.
enum LivePage {
    /// Waits in the page until `condition` (a JavaScript expression) holds, up to 20 s; then true.
    static func waitFor(_ condition: String) -> [String: Any] {
        ["jsAsync": """
            var done = arguments[arguments.length - 1], started = Date.now();
            (function check() {
              var ok = false; try { ok = !!(\(condition)); } catch (error) {}
              if (ok || Date.now() - started > 20000) { done(ok); } else { setTimeout(check, 50); }
            })();
            """]
    }

    /// The page's own account of what it shows (`window.graphinspectLive`).
    static let state = ["js": "return window.graphinspectLive"]
}
#endif
