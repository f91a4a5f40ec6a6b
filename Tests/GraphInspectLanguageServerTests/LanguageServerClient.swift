import Foundation
import GraphInspectTestSupport

/// An editor's side of the Language Server Protocol, for the tests: starts `graphinspect lsp` on
/// pipes, sends framed requests and notifications, and reads framed messages, keeping the
/// diagnostics published so far.
final class LanguageServerClient: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// The latest diagnostics per file URI.
    private(set) var diagnostics: [String: [[String: Any]]] = [:]

    init(root: URL) throws {
        process.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect")
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ChildProcesses.launch(process)
        let result = try request("initialize", ["processId": Int(getpid()), "rootUri": root.absoluteString, "capabilities": [String: Any]()])
        guard result["result"] != nil else { throw failure("initialize failed: \(result)") }
        try notify("initialized", [String: Any]())
    }

    func failure(_ message: String) -> NSError { NSError(domain: "LanguageServerClient", code: 1, userInfo: [NSLocalizedDescriptionKey: message]) }

    func send(raw: [UInt8]) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(raw))
    }

    func send(_ message: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: message)
        try send(raw: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body))
    }

    func notify(_ method: String, _ params: Any?) throws {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        try send(message)
    }

    /// Sends a request and reads until its response (keeping the diagnostics published meanwhile).
    func request(_ method: String, _ params: Any?) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try send(message)
        return try next { $0["id"] as? Int == id }
    }

    /// Reads messages until one matches, within 60 s.
    func next(_ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            guard let message = try readMessage() else { throw failure("the server ended") }
            if message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any], let uri = params["uri"] as? String {
                diagnostics[uri] = params["diagnostics"] as? [[String: Any]] ?? []
            }
            if matches(message) { return message }
        }
        throw failure("no matching message within 60 s")
    }

    /// Reads until the diagnostics published so far satisfy `condition`.
    func waitForDiagnostics(_ condition: ([String: [[String: Any]]]) -> Bool) throws -> [String: [[String: Any]]] {
        if condition(diagnostics) { return diagnostics }
        _ = try next { _ in condition(diagnostics) }
        return diagnostics
    }

    private func readMessage() throws -> [String: Any]? {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                guard let length = header.split(separator: "\r\n").compactMap({ line -> Int? in
                    let parts = line.split(separator: ":")
                    return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                }).first else { throw failure("a header without Content-Length: \(header)") }
                while buffer.count < end + 4 + length {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { return nil }
                    buffer += chunk
                }
                let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                guard let message = try JSONSerialization.jsonObject(with: body) as? [String: Any] else { throw failure("not a JSON object") }
                return message
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 { return index }
        return nil
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The exit status, once it has exited (within 30 s, else it is killed: -1).
    func waitForExit() -> Int32 {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            return -1
        }
        return process.terminationStatus
    }

    func stop() {
        closeInput()
        if process.isRunning { process.terminate() }
    }
}
