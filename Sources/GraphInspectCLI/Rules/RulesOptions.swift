import ArgumentParser
import Foundation
import GraphInspectCheckContract
import GraphInspectRules

/// `--rules`, `--rules-baseline` and `--write-rules-baseline`, shared by `check`, `dump` and
/// `why`: which rules file to hold the graph against, and the known violations it may break.
public struct RulesOptions: ParsableArguments {
    /// The file `check` reads when `--rules` is not given, if the current folder has one.
    public static let defaultFile = "graphinspect.yml"

    @Option(help: ArgumentHelp("Hold the graph against this rules file (YAML; docs/rules.md). check reads ./graphinspect.yml without it.", valueName: "file"), completion: .file(extensions: ["yml", "yaml"]))
    public var rules: String?

    @Option(help: ArgumentHelp("Known violations of the rules, one a line: they do not fail; new ones do, and so does a listed one no longer found.", valueName: "file"), completion: .file())
    public var rulesBaseline: String?

    @Flag(help: "Write every finding of the rules to the --rules-baseline file, sorted, instead of failing on them.")
    public var writeRulesBaseline = false

    @Flag(help: "check: do not read ./graphinspect.yml.")
    public var noRules = false

    public init() {}

    public func validate() throws {
        if writeRulesBaseline, rulesBaseline == nil {
            throw ValidationError("--write-rules-baseline writes the file --rules-baseline names; add --rules-baseline FILE.")
        }
        if noRules, rules != nil { throw ValidationError("--no-rules contradicts --rules \(rules ?? ""); give one of them.") }
    }

    /// The rules file to read: `--rules`, else (when `findsDefault`) `graphinspect.yml` in the
    /// current folder if there is one.
    func file(findsDefault: Bool) throws(CLIError) -> String? {
        if let rules { return rules }
        if rulesBaseline != nil, !findsDefault || noRules || !FileManager.default.fileExists(atPath: Self.defaultFile) {
            throw .badValue("--rules-baseline lists violations of a rules file; give --rules FILE too.")
        }
        guard findsDefault, !noRules, FileManager.default.fileExists(atPath: Self.defaultFile) else { return nil }
        return Self.defaultFile
    }

    /// Reads the rules file and the baseline, before any app runs, so a mistake in either is
    /// reported before anything else is done; nil when there are no rules to read. In a program
    /// with no YAML parser (graphinspect itself), hands the whole command line to
    /// `graphinspect-rules` instead.
    func load(command: String, findsDefault: Bool) throws(CLIError) -> LoadedRules? {
        guard let file = try file(findsDefault: findsDefault) else { return nil }
        if RulesFileHook.parse == nil { try CompanionTool.rules.replaceThisProcess(command: command) }
        do {
            // Written anew with --write-rules-baseline, so the old one is not read.
            let held = try HeldRules(path: file, baselinePath: writeRulesBaseline ? nil : rulesBaseline)
            return LoadedRules(held: held, writesBaseline: writeRulesBaseline ? rulesBaseline : nil)
        } catch {
            throw .badRules(error)
        }
    }
}

/// A rules file and its baseline, read.
struct LoadedRules {
    var held: HeldRules
    /// Where `--write-rules-baseline` writes, when it was given.
    var writesBaseline: String?

    /// Holds `input` against the rules and the baseline, or writes the baseline.
    func verdict(_ input: RulesInput) throws(CLIError) -> RulesVerdict {
        let found = held.report(input)
        if let writesBaseline {
            try Output.write(RulesBaseline.text(of: found.all), to: writesBaseline)
            return RulesVerdict(file: held.rules.path, report: [], known: found.all.count, wroteBaseline: writesBaseline)
        }
        return RulesVerdict(file: held.rules.path, report: found.report, known: found.known, baseline: held.baseline?.path)
    }
}

/// What the rules found in one graph, after the baseline: what to report, and what it accepted.
struct RulesVerdict {
    var file: String
    var report: [RuleFinding]
    var known = 0
    var baseline: String?
    var wroteBaseline: String?

    var errors: Int { report.filter { $0.severity == .error }.count }
    var warnings: Int { report.filter { $0.severity == .warning }.count }

    /// `graphinspect rules: graphinspect.yml: 1 error, 0 warnings, 2 known in baseline.txt`.
    var summary: String {
        if let wroteBaseline { return "graphinspect rules: \(file): wrote \(known) \(known == 1 ? "entry" : "entries") to \(wroteBaseline)" }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let known = baseline.map { ", \(self.known) known in \($0)" } ?? ""
        return "graphinspect rules: \(file): \(plural(errors, "error")), \(plural(warnings, "warning"))\(known)"
    }
}
