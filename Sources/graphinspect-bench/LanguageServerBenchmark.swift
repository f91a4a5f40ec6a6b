#if canImport(GraphInspectStatic)
import Foundation
import GraphInspectCheckContract
import GraphInspectGeneratedApp
import GraphInspectLanguageServer
import GraphInspectStatic

/// `graphinspect lsp` driven by a client in this process, over pipes, as an editor drives it, on
/// the build-check benchmark's generated app: the first diagnostics after `initialize` against a
/// cold check, hover, definition and references (p95 of many), an unsaved edit's diagnostics, and
/// peak memory.
enum LanguageServerBenchmark {
    /// The editor's side: framed JSON on one pipe, framed JSON read from the other.
    final class Client {
        let toServer: FileHandle
        let fromServer: FileHandle
        var buffer: [UInt8] = []
        var nextID = 1

        init(toServer: FileHandle, fromServer: FileHandle) {
            self.toServer = toServer
            self.fromServer = fromServer
        }

        func send(_ message: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: message)
            toServer.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        func notify(_ method: String, _ params: [String: Any]) throws {
            try send(["jsonrpc": "2.0", "method": method, "params": params])
        }

        func request(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            return try next { $0["id"] as? Int == id }
        }

        func next(_ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
            while true {
                if let end = headerEnd() {
                    let header = String(decoding: buffer[..<end], as: UTF8.self)
                    let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                    while buffer.count < end + 4 + length { try fill() }
                    let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeFirst(end + 4 + length)
                    if let message = try JSONSerialization.jsonObject(with: body) as? [String: Any], matches(message) { return message }
                } else {
                    try fill()
                }
            }
        }

        private func fill() throws {
            let data = fromServer.availableData
            guard !data.isEmpty else { throw BuildCheckBenchmark.benchError("the language server ended") }
            buffer += data
        }

        private func headerEnd() -> Int? {
            guard buffer.count >= 4 else { return nil }
            for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 { return index }
            return nil
        }
    }

    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let app = GeneratedApp(features: quick ? 11 : 40, ordinaryFilesPerFeature: quick ? 4 : 75)
        let root = folder.appendingPathComponent("lsp-app")
        try app.write(to: root)
        let sources = root.appendingPathComponent("Sources").path
        let files = try StaticReader.files(in: [sources])
        try? FileManager.default.removeItem(at: root.appendingPathComponent(".build"))
        let coldCheck = try Sample.measure(repeats: quick ? 1 : 3) { blackHole(try StaticCheck.reading([sources])) }

        PeakMemory.reset()
        let toServer = Pipe(), fromServer = Pipe()
        let session = StaticReader.EditorSession()
        let server = LanguageServer(
            reader: { paths, cachePath, texts in try session.reading(paths, cachePath: cachePath, texts: texts) },
            rules: { _ in nil }, input: toServer.fileHandleForReading.fileDescriptor, output: fromServer.fileHandleForWriting.fileDescriptor, log: { _ in }
        )
        let thread = Thread { _ = server.run() }
        thread.stackSize = 8 << 20
        thread.start()
        let client = Client(toServer: toServer.fileHandleForWriting, fromServer: fromServer.fileHandleForReading)

        // First diagnostics: initialize, then the first publishDiagnostics (the planted errors).
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try client.request("initialize", ["rootUri": root.absoluteString, "capabilities": [String: Any]()])
        try client.notify("initialized", [:])
        _ = try client.next { $0["method"] as? String == "textDocument/publishDiagnostics" }
        let published = DispatchTime.now().uptimeNanoseconds
        let first = Double(published - start) / 1e9

        // A module file of the deepest feature: its first lookup, and the provider it reaches.
        let deepest = app.features - 1
        let modules = try require(files.first { $0.path.hasSuffix("/F\(deepest)Modules.swift") })
        let uri = URL(fileURLWithPath: modules.path).absoluteString
        try client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": modules.text]])
        let lines = modules.text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try require(lines.firstIndex { $0.contains("component.f0Analytics") })
        let character = try require(lines[line].range(of: "f0Analytics")).lowerBound.utf16Offset(in: lines[line]) + 1
        let position: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
        _ = try client.request("textDocument/hover", position)
        // The server writes the cache once the first findings are out: the first request waits.
        let firstHover = Double(DispatchTime.now().uptimeNanoseconds - published) / 1e9
        func percentile95(_ method: String) throws -> Sample {
            var times: [Double] = []
            for _ in 0..<(quick ? 10 : 50) {
                let begin = DispatchTime.now().uptimeNanoseconds
                let answer = try client.request(method, position)
                guard answer["result"] != nil, answer["error"] == nil else { throw BuildCheckBenchmark.benchError("\(method) answered \(answer)") }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
            }
            times.sort()
            return Sample(median: times[times.count * 95 / 100], min: times[0], max: times[times.count - 1])
        }
        let hover = try percentile95("textDocument/hover")
        let definition = try percentile95("textDocument/definition")
        let references = try percentile95("textDocument/references")

        // An unsaved edit: a lookup of what nothing provides, typed below the first; its diagnostic.
        var edits: [Double] = []
        for round in 0..<(quick ? 1 : 3) {
            let name = "missingService\(round)"
            let begin = DispatchTime.now().uptimeNanoseconds
            try client.notify("textDocument/didChange", [
                "textDocument": ["uri": uri, "version": round + 2],
                "contentChanges": [["range": ["start": ["line": line + 1, "character": 0], "end": ["line": line + 1, "character": 0]], "text": "        let _: F0Analytics = component.\(name)\n"]],
            ])
            _ = try client.next { message in
                guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any], params["uri"] as? String == uri else { return false }
                return (params["diagnostics"] as? [[String: Any]])?.contains { ($0["message"] as? String)?.contains(name) == true } == true
            }
            edits.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
        }
        let peak = PeakMemory.resident()
        _ = try client.request("shutdown", [:])
        try client.notify("exit", [:])
        session.waitForSaving()

        let size = "\(files.count) files"
        let coldBaseline = ("a cold check of the same files, on all cores", coldCheck)
        return [
            Row("lsp", "first diagnostics after initialize, generated app (\(size)), no cache", .seconds, Sample(first), baseline: coldBaseline, target: quick ? nil : .slowerThanBaselineAtMost(1.2)),
            Row("lsp", "the file opened and the first hover, after the first diagnostics (the cache being written on a thread of its own)", .seconds, Sample(firstHover)),
            Row("lsp", "hover on a lookup, p95 of \(quick ? 10 : 50)", .seconds, hover, target: quick ? nil : .below(0.05)),
            Row("lsp", "definition from a lookup, p95", .seconds, definition, target: quick ? nil : .below(0.05)),
            Row("lsp", "references from a lookup to every lookup its provider answers, p95", .seconds, references, target: quick ? nil : .below(0.05)),
            Row("lsp", "an unsaved edit's diagnostics (a lookup of what nothing provides, typed)", .seconds, Sample(of: edits), target: quick ? nil : .below(0.5)),
            Row("lsp", "peak resident memory, the benchmark process with the server", .bytes, Sample(peak), target: .below(600 * 1024 * 1024)),
        ]
    }
}

/// `#require` for the benchmark: the value, or an error that names what was missing.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw BuildCheckBenchmark.benchError("the generated app lacks what the language server benchmark asks about") }
    return value
}
#endif
