import Foundation
import GraphInspect
import Testing

/// Expects the graph, as `projection` shows it (the tree without counts by default), to equal the
/// golden file `golden` (a path relative to the calling test file's folder, or an absolute one) whole. On a mismatch the failure shows a line diff and where
/// the golden is, and the actual output is written to a temporary file named in the message, so a
/// diff tool can open both. `record` says when the golden is written instead
/// (`GoldenRecording`; by default `GRAPHINSPECT_RECORD`, else a `.graphGoldens` trait's, else
/// `.missing`): a test that writes its golden fails once, saying so. A relative `golden` is read
/// from a `.graphGoldens(directory:)` trait's folder when one is in force.
///
/// A mismatch attaches the expected and actual text and the diff to the test
/// (`FailureAttachments`), and pictures of both graphs for `.baseline`. With `severity: .warning`
/// it is reported without failing the test: to see a shape change before enforcing it.
public func expectGraph(
    _ snapshot: GraphSnapshot,
    matchesGolden golden: String,
    as projection: GraphProjection = .text,
    record: GoldenRecording? = nil,
    severity: Issue.Severity = .error,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let scope = GraphGoldens.current
    guard let mode = record ?? GoldenRecording.fromEnvironment(unset: scope?.record ?? .missing) else {
        let value = ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] ?? ""
        FailureReporter.fail(GraphFailureWording.unknownRecordMode(value), at: site)
        return
    }
    // Said in messages when the suite's trait, not the argument or the environment, chose the mode.
    let environmentSets = !(ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] ?? "").isEmpty
    let setting = record == nil && !environmentSets && scope?.record != nil ? ".graphGoldens(record: .\(mode.rawValue))" : nil
    let testFolder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    let folder = scope?.directory.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : testFolder.appendingPathComponent($0) } ?? testFolder
    let url = golden.hasPrefix("/") ? URL(fileURLWithPath: golden) : folder.appendingPathComponent(golden)
    guard let actual = rendered(snapshot, as: projection, at: site) else { return }
    let expected = try? String(contentsOf: url, encoding: .utf8)
    func write(_ why: GraphFailureWording.RecordReason) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            FailureReporter.fail(GraphFailureWording.recorded(path: url.path, why: why, setting: setting), at: site)
        } catch {
            FailureReporter.fail(GraphFailureWording.cannotRecord(path: url.path, reason: error.localizedDescription), at: site)
        }
    }
    switch (mode, expected) {
    case (.all, _):
        write(.all)
    case (.never, nil):
        FailureReporter.fail(GraphFailureWording.noGolden(path: url.path, setting: setting), at: site)
    case (.missing, nil), (.failed, nil):
        write(.missing)
    case (_, let expected?) where expected == actual:
        return
    case (.failed, _?):
        write(.failed)
    case (_, let expected?):
        let actualFile = GoldenActualOutput.write(actual, for: url)
        let diff = LineDiff.render(expected: expected, actual: actual)
        let name = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
        FailureAttachments.record(FailureAttachments.files(
            stem: name, textExtension: ext.isEmpty ? "txt" : ext, expected: expected, actual: actual, diff: diff, projection: projection, snapshot: snapshot
        ), at: site)
        FailureReporter.fail(GraphFailureWording.goldenMismatch(
            path: url.path, diff: diff, actualPath: actualFile, snapshot: snapshot
        ), at: site, severity: severity)
    }
}

/// Expects the graph, as `projection` shows it, to equal `expected` whole; the failure shows a
/// line diff (`-` expected, `+` actual).
public func expectGraph(
    _ snapshot: GraphSnapshot,
    as projection: GraphProjection = .text,
    equals expected: String,
    severity: Issue.Severity = .error,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let actual = rendered(snapshot, as: projection, at: site), actual != expected else { return }
    let diff = LineDiff.render(expected: expected, actual: actual, expectedName: "expected")
    let stem = String(projection.name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    FailureAttachments.record(FailureAttachments.files(
        stem: stem, textExtension: "txt", expected: expected, actual: actual, diff: diff, projection: projection, snapshot: snapshot
    ), at: site)
    FailureReporter.fail(GraphFailureWording.mismatch(projection: projection.name, diff: diff, snapshot: snapshot), at: site, severity: severity)
}

/// `snapshot` as `projection` shows it, or nil after failing the test with why it could not be made.
private func rendered(_ snapshot: GraphSnapshot, as projection: GraphProjection, at site: CallSite) -> String? {
    do {
        return try projection.render(snapshot)
    } catch {
        FailureReporter.fail(GraphFailureWording.cannotProject(projection.name, reason: "\(error)"), at: site)
        return nil
    }
}

/// Expects no dependency, module or router lookup to have failed; the failure shows each report.
///
/// `severity: .warning` reports them without failing the test.
public func expectNoMissingDependencies(
    _ snapshot: GraphSnapshot,
    severity: Issue.Severity = .error,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let failures = snapshot.failures()
    guard !failures.isEmpty else { return }
    FailureReporter.fail(GraphFailureWording.missing(failures), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), severity: severity)
}

/// Expects `requester`'s lookups of `dependency` to be answered by `provider`.
public func expectResolves(
    _ snapshot: GraphSnapshot, _ dependency: String, requestedBy requester: String, from provider: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    for (name, role) in [(requester, "The requester"), (provider, "The provider")] where snapshot.nodes(named: name, includingReleased: true).isEmpty {
        FailureReporter.fail("Expected \(requester) to resolve `\(dependency)` from \(provider), but " + GraphFailureWording.noNode(name, role: role.lowercased(), in: snapshot), at: site)
        return
    }
    guard let lookup = snapshot.lookup(of: dependency, requestedBy: requester) else {
        FailureReporter.fail(GraphFailureWording.neverLookedUp(dependency, requester: requester, known: snapshot.requesters(of: dependency)), at: site)
        return
    }
    guard let answered = lookup.provider.flatMap(snapshot.node) else {
        let report = snapshot.failures().last { $0.requestedName == dependency }?.report(style: .plain) ?? ""
        FailureReporter.fail(GraphFailureWording.failedLookup(dependency, requester: requester, expected: provider, report: report), at: site)
        return
    }
    guard answered.shortType == provider || answered.type == provider || answered.key == provider else {
        let expected = snapshot.nodes(named: provider, includingReleased: true)
        let why: GraphFailureWording.OtherProvider
        if !expected.contains(where: { $0.providers?.contains { $0.name == dependency } == true }) {
            why = .doesNotProvide(expected.first?.providers?.map(\.name) ?? [])
        } else if expected.contains(where: { snapshot.isAncestor($0.id, of: answered.id) }) {
            why = .shadowed
        } else {
            why = .notAbove
        }
        FailureReporter.fail(
            GraphFailureWording.wrongProvider(dependency, requester: requester, expected: provider, actual: answered, walk: lookup.walk.compactMap(snapshot.node), why: why),
            at: site
        )
        return
    }
}

/// Expects the module with `key` to be reachable by a module lookup from the holder `holder`
/// names: held by it or by a holder above it.
public func expectReachable(
    _ snapshot: GraphSnapshot, module key: String, from holder: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let start = snapshot.nodes(named: holder).first(where: { $0.kind == .holder }) else {
        FailureReporter.fail(GraphFailureWording.noHolder(holder, in: snapshot), at: site)
        return
    }
    let chain = [start] + snapshot.ancestors(of: start)
    for candidate in chain where candidate.kind == .holder {
        if (candidate.modules ?? []).compactMap(snapshot.node).contains(where: { $0.key == key && !$0.released }) { return }
    }
    FailureReporter.fail(GraphFailureWording.unreachable(key, from: start, searched: chain.filter { $0.kind == .holder }, in: snapshot), at: site)
}

extension GraphSnapshot {
    /// Whether `ancestor` is above `node` on its parent chain (a cyclic chain ends the walk).
    func isAncestor(_ ancestor: ObjectID, of node: ObjectID) -> Bool {
        var seen: Set<ObjectID> = [node]
        var current = self.node(node)?.parent
        while let id = current, seen.insert(id).inserted {
            if id == ancestor { return true }
            current = self.node(id)?.parent
        }
        return false
    }
}
