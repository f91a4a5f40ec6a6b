#if canImport(GraphInspectStatic)
import Foundation
import GraphInspectCheckContract
import GraphInspectGeneratedApp
import GraphInspectLanguageServer
import GraphInspectStatic

/// `graphinspect lsp` driven by a client in this process, over pipes, as an editor drives it, on
/// the build-check benchmark's generated app: the first diagnostics after `initialize` against a
/// cold check, hover, definition and references (p95 of many), an unsaved edit's diagnostics, an
/// unsaved provider edit's against the same texts read through the cache, and peak memory.
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
            reader: { paths, cachePath, texts, rules in try session.reading(paths, cachePath: cachePath, texts: texts, rules: rules) },
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
        // The buffer as the server has it, for the baseline below.
        var typed = lines.map(String.init)
        for round in 0..<(quick ? 1 : 3) {
            let name = "missingService\(round)"
            let lookup = "        let _: F0Analytics = component.\(name)"
            typed.insert(lookup, at: line + 1)
            let begin = DispatchTime.now().uptimeNanoseconds
            try client.notify("textDocument/didChange", [
                "textDocument": ["uri": uri, "version": round + 2],
                "contentChanges": [["range": ["start": ["line": line + 1, "character": 0], "end": ["line": line + 1, "character": 0]], "text": lookup + "\n"]],
            ])
            _ = try client.next { message in
                guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any], params["uri"] as? String == uri else { return false }
                return (params["diagnostics"] as? [[String: Any]])?.contains { ($0["message"] as? String)?.contains(name) == true } == true
            }
            edits.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
        }

        // A provider edit in an unsaved buffer: the feature's service removed from its component
        // (its modules' lookups of it then fail), then written back; each to its diagnostics,
        // answered from what the server keeps in memory.
        let components = try require(files.first { $0.path.hasSuffix("/F\(deepest)Components.swift") })
        let componentsURI = URL(fileURLWithPath: components.path).absoluteString
        let service = "f\(deepest)Service"
        let declaration = "    public let \(service) = F\(deepest)Service()\n"
        let componentLines = components.text.split(separator: "\n", omittingEmptySubsequences: false)
        let declared = try require(componentLines.firstIndex { $0 + "\n" == declaration })
        try client.notify("textDocument/didOpen", ["textDocument": ["uri": componentsURI, "languageId": "swift", "version": 1, "text": components.text]])
        var providerEdits: [Double] = []
        for round in 0..<(quick ? 2 : 6) {
            let removing = round % 2 == 0
            let lineRange: [String: Any] = ["start": ["line": declared, "character": 0], "end": ["line": removing ? declared + 1 : declared, "character": 0]]
            let begin = DispatchTime.now().uptimeNanoseconds
            try client.notify("textDocument/didChange", [
                "textDocument": ["uri": componentsURI, "version": round + 2],
                "contentChanges": [["range": lineRange, "text": removing ? "" : declaration]],
            ])
            _ = try client.next { message in
                guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any], params["uri"] as? String == uri,
                      let diagnostics = params["diagnostics"] as? [[String: Any]] else { return false }
                return diagnostics.contains { ($0["message"] as? String)?.contains("`\(service): ") == true } == removing
            }
            providerEdits.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
        }
        let peak = PeakMemory.resident()
        _ = try client.request("shutdown", [:])
        try client.notify("exit", [:])
        session.waitForSaving()

        // Its baseline, in the same run: the same texts read as `check` reads them, through the
        // server's cache (how the server read a provider edit before it answered one in memory),
        // the cache's saving left out of the time.
        var edited = files
        let modulesIndex = try require(files.firstIndex { $0.path == modules.path }), componentsIndex = try require(files.firstIndex { $0.path == components.path })
        edited[modulesIndex].text = typed.joined(separator: "\n")
        let withoutService = components.text.replacingOccurrences(of: declaration, with: "")
        var throughCache: [Double] = []
        for round in 0..<providerEdits.count {
            edited[componentsIndex].text = round % 2 == 0 ? withoutService : components.text
            var options = StaticReader.Options(cachePath: root.appendingPathComponent(".build/graphinspect-lsp").path)
            let deferred = DeferredCacheSave()
            options.deferredSave = deferred
            let begin = DispatchTime.now().uptimeNanoseconds
            let read = try StaticCheck().run(StaticCheck.Request(files: edited, options: options))
            throughCache.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
            if let answered = read.reuse.answeredBy { throw BuildCheckBenchmark.benchError("the baseline's provider edit was answered by \(answered)") }
            deferred.run()
        }

        let size = "\(files.count) files"
        let coldBaseline = ("a cold check of the same files, on all cores", coldCheck)
        return [
            Row("lsp", "first diagnostics after initialize, generated app (\(size)), no cache", .seconds, Sample(first), baseline: coldBaseline, target: quick ? nil : .slowerThanBaselineAtMost(1.2)),
            Row("lsp", "the file opened and the first hover, after the first diagnostics (the cache being written on a thread of its own)", .seconds, Sample(firstHover)),
            Row("lsp", "hover on a lookup, p95 of \(quick ? 10 : 50)", .seconds, hover, target: quick ? nil : .below(0.05)),
            Row("lsp", "definition from a lookup, p95", .seconds, definition, target: quick ? nil : .below(0.05)),
            Row("lsp", "references from a lookup to every lookup its provider answers, p95", .seconds, references, target: quick ? nil : .below(0.05)),
            Row("lsp", "an unsaved edit's diagnostics (a lookup of what nothing provides, typed)", .seconds, Sample(of: edits), target: quick ? nil : .below(0.5)),
            Row(
                "lsp", "an unsaved provider edit's diagnostics (a provider its modules look up removed, then written back)", .seconds, Sample(of: providerEdits),
                baseline: ("the same texts read as check reads them, through the server's cache", Sample(of: throughCache)), target: quick ? nil : .below(1)
            ),
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
