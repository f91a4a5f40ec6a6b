import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectQuery

/// `graphinspect lsp`: the graph in the editor, beside sourcekit-lsp. Reads messages from standard
/// input and answers on standard output, one at a time: `check`'s findings (and the rules') as
/// diagnostics of every file, from the editor's unsaved text, after each change; hover, definition,
/// implementation and references on lookups and providers' declarations; a code lens on each
/// provider. End of input ends it; so does `exit`. One thread runs it (`run`), so it may be handed
/// to the thread that will (`@unchecked Sendable`); nothing else touches it.
public final class LanguageServer: @unchecked Sendable {
    /// Reads the workspace's sources (`paths`, with `cachePath`), the editor's open files' text in
    /// place of theirs on disk, as `check` reads them; installed by `graphinspect-check`. With the
    /// reading comes what finishes it once its findings are published (saving the cache), so the
    /// editor does not wait for it.
    public typealias Reader = (_ paths: [String], _ cachePath: String?, _ texts: [String: String]) throws -> (reading: StaticReading, finish: () -> Void)
    /// A reading's findings held against the workspace's rules file (nil when it has none): the
    /// reader's `findings`, restated where the file says so, and the rules' own.
    public typealias Rules = (_ reading: StaticReading, _ findings: [StaticDiagnostic]) throws -> [StaticDiagnostic]

    private let reader: Reader
    private let rulesFor: (_ root: String) -> Rules?
    private var input: MessageReader
    private let output: MessageWriter
    private let log: (String) -> Void

    private var roots: [String] = []
    private var rules: [Rules] = []
    private var documents = Documents()
    private var current: WorkspaceReading?
    /// The current reading's missing dependencies by where their lookups are written, made when a
    /// code action first asks.
    private var failuresByPosition: [SourcePosition: [MissingDependency]]?
    /// Files diagnostics were last published for, so a file whose findings are gone is cleared.
    private var published: Set<String> = []
    private var stale = true
    private var initialized = false
    private var shuttingDown = false

    public init(reader: @escaping Reader, rules: @escaping (_ root: String) -> Rules?, input: Int32 = 0, output: Int32 = 1,
                log: @escaping (String) -> Void = { FileHandle.standardError.write(Data(("graphinspect lsp: " + $0 + "\n").utf8)) }) {
        self.reader = reader
        rulesFor = rules
        self.input = MessageReader(descriptor: input)
        self.output = MessageWriter(descriptor: output)
        self.log = log
    }

    /// Serves until `exit` or the end of input; returns the exit status (`exit` after `shutdown`: 0).
    public func run() -> Int32 {
        while true {
            let body: [UInt8]
            do {
                guard let next = try input.next() else { return shuttingDown ? 0 : 1 }
                body = next
            } catch {
                log("\(error); skipped")
                continue
            }
            if let status = handle(body) { return status }
            // Edits that arrive together are read before the workspace is read again.
            if stale && initialized && !input.hasWaitingInput() { refresh() }
        }
    }

    // MARK: Messages

    /// Answers one message; returns an exit status when the server should stop.
    func handle(_ body: [UInt8]) -> Int32? {
        let data = Data(body)
        let decoder = JSONDecoder()
        guard let head = try? decoder.decode(MessageHead.self, from: data) else {
            respond(nil, Empty?.none, error: ResponseError(code: ResponseError.parseError, message: "not a JSON-RPC message"))
            return nil
        }
        guard let method = head.method else { return nil }
        func params<P: Decodable>(_ type: P.Type) -> P? {
            do {
                return try decoder.decode(MessageParams<P>.self, from: data).params
            } catch {
                if head.id != nil { respond(head.id, Empty?.none, error: ResponseError(code: ResponseError.invalidParams, message: "\(method): \(error)")) }
                return nil
            }
        }
        if !initialized && method != "initialize" && method != "exit" {
            if head.id != nil { respond(head.id, Empty?.none, error: ResponseError(code: ResponseError.serverNotInitialized, message: "initialize first")) }
            return nil
        }
        switch method {
        case "initialize":
            guard let given = params(InitializeParams.self) else { return nil }
            roots = Self.roots(given)
            rules = roots.compactMap(rulesFor)
            initialized = true
            respond(head.id, InitializeResult(serverInfo: .init(version: "0.1.0")))
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
            break
        case "shutdown":
            shuttingDown = true
            respond(head.id, Empty?.none)
        case "exit":
            return shuttingDown ? 0 : 1
        case "textDocument/didOpen":
            guard let given = params(DidOpenParams.self), let path = FileURI.path(given.textDocument.uri) else { return nil }
            documents.opened(path, text: given.textDocument.text)
            stale = true
        case "textDocument/didChange":
            guard let given = params(DidChangeParams.self), let path = FileURI.path(given.textDocument.uri) else { return nil }
            for change in given.contentChanges { documents.changed(path, change) }
            stale = true
        case "textDocument/didClose":
            guard let given = params(DidCloseParams.self), let path = FileURI.path(given.textDocument.uri) else { return nil }
            documents.closed(path)
            stale = true
        case "textDocument/hover":
            guard let given = params(TextDocumentPositionParams.self) else { return nil }
            respond(head.id, hover(given))
        case "textDocument/definition", "textDocument/implementation":
            guard let given = params(TextDocumentPositionParams.self) else { return nil }
            respond(head.id, definition(given))
        case "textDocument/references":
            guard let given = params(TextDocumentPositionParams.self) else { return nil }
            respond(head.id, references(given))
        case "textDocument/codeLens":
            guard let given = params(CodeLensParams.self) else { return nil }
            respond(head.id, codeLenses(given))
        case "textDocument/codeAction":
            guard let given = params(CodeActionParams.self) else { return nil }
            respond(head.id, codeActions(given))
        default:
            if head.id != nil { respond(head.id, Empty?.none, error: ResponseError(code: ResponseError.methodNotFound, message: "graphinspect lsp does not answer \(method)")) }
        }
        return nil
    }

    private func respond<Result: Encodable>(_ id: RequestID?, _ result: Result?, error: ResponseError? = nil) {
        send(Response(id: id, result: result, error: error))
    }

    private func send<Message: Encodable>(_ message: Message) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(message) else { return }
        output.write(data)
    }

    /// The folders the editor opened: each one's `Sources` when it has one, as `check` reads a package.
    static func roots(_ params: InitializeParams) -> [String] {
        let uris = params.workspaceFolders?.map(\.uri) ?? params.rootUri.map { [$0] } ?? []
        var roots = uris.compactMap(FileURI.path)
        if roots.isEmpty, let path = params.rootPath { roots = [path] }
        if roots.isEmpty { roots = [FileManager.default.currentDirectoryPath] }
        return roots
    }

    // MARK: The reading

    /// Reads the workspace again (the open files' text in place of theirs on disk) and publishes
    /// every file's findings, clearing those of files that have none now.
    func refresh() {
        stale = false
        let paths = roots.map { root in
            let sources = (root as NSString).appendingPathComponent("Sources")
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: sources, isDirectory: &folder) && folder.boolValue ? sources : root
        }
        let inWorkspace = documents.open.filter { path, _ in paths.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
        let cache = roots.first.map { ($0 as NSString).appendingPathComponent(".build/graphinspect-lsp") }
        let finish: () -> Void
        do {
            let (reading, finishing) = try reader(paths, cache, inWorkspace)
            finish = finishing
            var findings = reading.diagnostics
            for rule in rules {
                do {
                    findings = try rule(reading, findings)
                } catch {
                    log("the rules file is not held: \(error)")
                }
            }
            current = WorkspaceReading(reading: reading, findings: findings.sorted())
            failuresByPosition = nil
        } catch {
            log("cannot read the workspace: \(error)")
            return
        }
        publish()
        finish()
    }

    private func publish() {
        guard let current else { return }
        var byFile: [String: [StaticDiagnostic]] = [:]
        for finding in current.findings where finding.position.isKnown { byFile[finding.position.file, default: []].append(finding) }
        for path in published.subtracting(byFile.keys) {
            send(Notification(method: "textDocument/publishDiagnostics", params: PublishDiagnosticsParams(uri: FileURI.uri(path), diagnostics: [])))
        }
        // Each file's lines read once for all the findings that point into it.
        var linesOf: [String: [Substring]] = [:]
        func lines(_ path: String) -> [Substring] {
            if let known = linesOf[path] { return known }
            let read = Documents.lines(documents.text(of: path) ?? "")
            linesOf[path] = read
            return read
        }
        for (path, findings) in byFile.sorted(by: { $0.key < $1.key }) {
            let diagnostics = findings.map { diagnostic($0, in: current, lines: lines) }
            send(Notification(method: "textDocument/publishDiagnostics", params: PublishDiagnosticsParams(uri: FileURI.uri(path), diagnostics: diagnostics)))
        }
        published = Set(byFile.keys)
    }

    /// A finding as the editor shows it: its first line the message, its detail lines after, and
    /// for a missing dependency, each component walked at its declaration.
    private func diagnostic(_ finding: StaticDiagnostic, in workspace: WorkspaceReading, lines: (String) -> [Substring]) -> Diagnostic {
        let own = lines(finding.position.file)
        let start = Documents.position(line: finding.position.line, utf8Column: finding.position.column, in: own)
        let range = Documents.range(of: "", line: finding.position.line, utf8Column: finding.position.column, in: own)
        var related: [Diagnostic.RelatedInformation] = []
        if finding.severity == .error {
            for id in workspace.failedWalks[finding.position] ?? [] {
                guard let node = workspace.reading.snapshot.node(id), let declared = workspace.reading.places.types[node.type] else { continue }
                let at = Documents.range(of: ShortTypeName.of(node.type), line: declared.line, utf8Column: declared.column, in: lines(declared.file))
                related.append(.init(location: Location(uri: FileURI.uri(declared.file), range: at), message: "walked: \(workspace.graph.displayName(of: id))"))
            }
        }
        let severity = finding.severity == .error ? 1 : finding.severity == .warning ? 2 : 3
        return Diagnostic(
            range: Range(start: start, end: range.end.character > start.character ? range.end : start), severity: severity,
            code: finding.ruleID, message: ([finding.message] + finding.details).joined(separator: "\n"),
            relatedInformation: related.isEmpty ? nil : related
        )
    }

    private func ready() -> WorkspaceReading? {
        if stale || current == nil { refresh() }
        return current
    }

    // MARK: Answers

    func hover(_ params: TextDocumentPositionParams) -> Hover? {
        guard let path = FileURI.path(params.textDocument.uri), let workspace = ready(), let text = documents.text(of: path) else { return nil }
        switch workspace.found(in: path, at: params.position, lines: Documents.lines(text)) {
        case .lookup(let position, let lookups, let range)?:
            var parts: [String] = []
            let failed = workspace.findings.filter { $0.position == position && $0.severity == .error }
            for requester in Set(lookups.map { workspace.graph.displayName(of: $0.requester) }).sorted() {
                if let answer = try? workspace.graph.provider(lookups[0].name, from: requester) { parts.append(QueryText.text(answer)) }
            }
            for finding in failed { parts.append(finding.formatted()) }
            return Hover(contents: .init(value: "```text\n" + parts.joined(separator: "\n") + "```"), range: range)
        case .declaration(let types, let name, _, let range)?:
            let shown = types.map { workspace.graph.displayName(of: $0) }
            let answers = shown.compactMap { try? workspace.graph.users(of: "\($0).\(name)") }
            let text = answers.map(QueryText.text).joined(separator: "\n")
            return Hover(contents: .init(value: "```text\n" + text + "```"), range: range)
        case nil:
            return nil
        }
    }

    func definition(_ params: TextDocumentPositionParams) -> [Location] {
        guard let path = FileURI.path(params.textDocument.uri), let workspace = ready(), let text = documents.text(of: path) else { return [] }
        switch workspace.found(in: path, at: params.position, lines: Documents.lines(text)) {
        case .lookup(_, let lookups, _)?:
            return workspace.declarations(answering: lookups).map(location)
        case .declaration(_, _, let position, _)?:
            return [location(position)]
        case nil:
            return []
        }
    }

    func references(_ params: TextDocumentPositionParams) -> [Location] {
        guard let path = FileURI.path(params.textDocument.uri), let workspace = ready(), let text = documents.text(of: path) else { return [] }
        switch workspace.found(in: path, at: params.position, lines: Documents.lines(text)) {
        case .declaration(let types, let name, let position, _)?:
            return workspace.uses(ofDeclarationAt: position, types: types, name: name).map(location)
        case .lookup(_, let lookups, _)?:
            // From a lookup: every lookup its provider answers.
            var found: [Location] = []
            for declaration in workspace.declarations(answering: lookups) {
                let types = workspace.reading.places.providers.filter { $0.value[lookups[0].name] == declaration }.map(\.key)
                found += workspace.uses(ofDeclarationAt: declaration, types: types, name: lookups[0].name).map(location)
            }
            return Array(Set(found)).sorted { ($0.uri, $0.range.start) < ($1.uri, $1.range.start) }
        case nil:
            return []
        }
    }

    func codeLenses(_ params: CodeLensParams) -> [CodeLens] {
        guard let path = FileURI.path(params.textDocument.uri), let workspace = ready(), let text = documents.text(of: path) else { return [] }
        let lines = Documents.lines(text)
        return workspace.declarations(in: path).map { entry in
            let range = Documents.range(of: entry.name, line: entry.position.line, utf8Column: entry.position.column, in: lines)
            let title = entry.uses == 0 ? "0 lookups: unused" : entry.uses == 1 ? "1 lookup" : "\(entry.uses) lookups"
            return CodeLens(range: range, command: .init(title: title, command: ""))
        }
    }

    /// Quick fixes for the missing dependencies written on the lines of `range`: the edits their
    /// reports' fixes name (`MissingDependencyFixes`).
    func codeActions(_ params: CodeActionParams) -> [CodeAction] {
        guard let path = FileURI.path(params.textDocument.uri), let workspace = ready() else { return [] }
        if failuresByPosition == nil {
            var byPosition: [SourcePosition: [MissingDependency]] = [:]
            for failure in workspace.reading.snapshot.failures() {
                guard case .dependency(let report, let event) = failure, let at = workspace.reading.places.lookups[event] else { continue }
                byPosition[at, default: []].append(report)
            }
            failuresByPosition = byPosition
        }
        let fixes = MissingDependencyFixes(places: workspace.reading.places) { [documents] in documents.text(of: $0) }
        let lines = params.range.start.line...max(params.range.start.line, params.range.end.line)
        var made: [MissingDependencyFixes.Fix] = []
        for (position, reports) in (failuresByPosition ?? [:]).sorted(by: { $0.key < $1.key })
        where position.file == path && lines.contains(position.line - 1) {
            for report in reports {
                for fix in fixes.fixes(report, at: position) where !made.contains(fix) { made.append(fix) }
            }
        }
        return made.enumerated().map { index, fix in
            let changes = Dictionary(uniqueKeysWithValues: fix.edits.map { (FileURI.uri($0.key), $0.value) })
            return CodeAction(title: fix.title, diagnostics: nil, isPreferred: index == 0 ? true : nil, edit: .init(changes: changes))
        }
    }

    private func location(_ position: SourcePosition) -> Location {
        let lines = Documents.lines(documents.text(of: position.file) ?? "")
        let start = Documents.position(line: position.line, utf8Column: position.column, in: lines)
        return Location(uri: FileURI.uri(position.file), range: Range(start: start, end: start))
    }
}
