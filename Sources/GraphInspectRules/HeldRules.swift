import Foundation

/// A rules file and its baseline, read, as `check`, `dump`, `why` and the build plugin's tool
/// hold a graph to them: the rules' findings, less the known ones, plus an error for each known
/// one no longer found.
public struct HeldRules: Sendable {
    public let rules: RuleSet
    public let baseline: RulesBaseline?

    public init(rules: RuleSet, baseline: RulesBaseline? = nil) {
        self.rules = rules
        self.baseline = baseline
    }

    /// Reads the rules file at `path` (and the baseline at `baselinePath`), each a mistake at its
    /// line. Needs the YAML parser installed (`RulesFileHook`).
    public init(path: String, baselinePath: String? = nil) throws(RulesError) {
        rules = try RuleSetReader.read(text: try Self.text(of: path), path: path)
        baseline = try baselinePath.map { path throws(RulesError) in try RulesBaseline.read(text: try Self.text(of: path), path: path) }
    }

    /// What to report of `input`'s findings, and how many the baseline accepted.
    public func report(_ input: RulesInput) -> (report: [RuleFinding], known: Int, all: [RuleFinding]) {
        let findings = RulesEngine(rules: rules).findings(in: input)
        guard let baseline else { return (findings, 0, findings) }
        let held = baseline.hold(findings)
        return (held.report, held.known, findings)
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
