import GraphInspect
import GraphInspectCheckContract
import GraphInspectLSPProtocol
import GraphInspectQuery

/// The answers to the editor's requests, from the current reading: hover, definition (and
/// implementation), references, code lenses and quick fixes.
extension LanguageServer {
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
