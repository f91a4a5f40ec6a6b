import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectLSPProtocol
import GraphInspectLSPTransport

/// The reading of the workspace behind every answer, and its findings published as diagnostics.
extension LanguageServer {
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
        var held: [ReadingRules] = []
        for rules in rules {
            switch rules {
            case .success(let read): held.append(read)
            case .failure(let error): log("the rules file is not held: \(error)")
            }
        }
        let finish: () -> Void
        do {
            let (reading, finishing) = try reader(paths, cache, inWorkspace, ReadingRules.all(held))
            finish = finishing
            current = WorkspaceReading(reading: reading)
            failuresByPosition = nil
        } catch {
            log("cannot read the workspace: \(error)")
            return
        }
        publish()
        finish()
    }

    /// The current reading, read again first when the editor changed something since.
    func ready() -> WorkspaceReading? {
        if stale || current == nil { refresh() }
        return current
    }

    private func publish() {
        guard let current else { return }
        var byFile: [String: [StaticDiagnostic]] = [:]
        for finding in current.findings where finding.position.isKnown { byFile[finding.position.file, default: []].append(finding) }
        for path in published.subtracting(byFile.keys) {
            send(OutgoingMessage.notification(PublishDiagnosticsNotification.self, PublishDiagnosticsParams(uri: FileURI.uri(path), diagnostics: [])))
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
            send(OutgoingMessage.notification(PublishDiagnosticsNotification.self, PublishDiagnosticsParams(uri: FileURI.uri(path), diagnostics: diagnostics)))
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
}
