import Foundation
import GraphInspectCheckContract

/// A rules file and its baseline, read, as `check`, `dump`, `why` and the build plugin's tool
/// hold a graph to them: the rules' findings, less the known ones, plus an error for each known
/// one no longer found.
public struct HeldRules: Sendable {
    public let rules: RuleSet
    public let baseline: RulesBaseline?
    /// The rules file's and baseline's paths and texts: what decides the findings beside the
    /// graph (`forReadings` keys a cached reading by it).
    public let key: String

    /// Reads the rules file at `path` (and the baseline at `baselinePath`), each a mistake at its
    /// line. Needs the YAML parser installed (`RulesFileHook`).
    public init(path: String, baselinePath: String? = nil) throws(RulesError) {
        let text = try Self.text(of: path)
        rules = try RuleSetReader.read(text: text, path: path)
        var key = [path, text]
        if let baselinePath {
            let text = try Self.text(of: baselinePath)
            baseline = try RulesBaseline.read(text: text, path: baselinePath)
            key += [baselinePath, text]
        } else {
            baseline = nil
        }
        self.key = key.joined(separator: "\u{0}")
    }

    /// What to report of `input`'s findings, and how many the baseline accepted.
    public func report(_ input: RulesInput) -> (report: [RuleFinding], known: Int, all: [RuleFinding]) {
        let findings = RulesEngine(rules: rules).findings(in: input)
        guard let baseline else { return (findings, 0, findings) }
        let held = baseline.hold(findings)
        return (held.report, held.known, findings)
    }

    /// `input` held to the rules and the baseline, as every command and the build tool hold it:
    /// the findings to report, and what they count. With `writingBaseline`, every finding is
    /// named for a new baseline and counted as known instead, and none is reported.
    public func held(_ input: RulesInput, writingBaseline: Bool = false) -> (report: [StaticDiagnostic], tally: RulesTally) {
        let found = report(input)
        if writingBaseline { return ([], RulesTally(known: found.all.count, entries: found.all.map(\.baselineEntry))) }
        let report = found.report.map(\.diagnostic)
        return (report, RulesTally(errors: report.filter { $0.severity == .error }.count, warnings: report.filter { $0.severity == .warning }.count, known: found.known))
    }

    /// A rules file's or baseline's text: a file, at most 4 MiB, UTF-8.
    public static func text(of path: String) throws(RulesError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw RulesError(path: path, .unreadable("no such file. Write one (docs/rules.md), or check the path"))
        }
        guard !isFolder.boolValue else { throw RulesError(path: path, .unreadable("it is a folder; give the file in it")) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw RulesError(path: path, .unreadable("permission denied")) }
        defer { try? handle.close() }
        let limit = 4 << 20
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else { throw RulesError(path: path, .unreadable("it is longer than 4 MiB; a rules file is a few dozen lines")) }
        guard let text = String(data: data, encoding: .utf8) else { throw RulesError(path: path, .unreadable("it is not UTF-8 text")) }
        return text
    }
}
