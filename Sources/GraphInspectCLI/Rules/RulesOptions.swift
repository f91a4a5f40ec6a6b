import ArgumentParser
import Foundation
import GraphInspectCheckContract
import GraphInspectRules

/// `--rules`, `--rules-baseline` and `--write-rules-baseline`, shared by `check`, `dump` and
/// `why`: which rules file to hold the graph against, and the known violations it may break.
public struct RulesOptions: ParsableArguments {
    /// The file `check` reads when `--rules` is not given, if the current folder has one.
    public static let defaultFile = "graphinspect.yml"
    /// The baseline read beside the rules file when `--rules-baseline` is not given, and written
    /// there by `--write-rules-baseline` alone: the name the build plugin reads beside the
    /// package's graphinspect.yml, so the CLI and the plugin hold the same known violations.
    public static let defaultBaseline = "graphinspect-rules-baseline.txt"

    @Option(help: ArgumentHelp("Hold the graph against this rules file (YAML; docs/rules.md). check reads ./graphinspect.yml without it.", valueName: "file"), completion: .file(extensions: ["yml", "yaml"]))
    public var rules: String?

    @Option(help: ArgumentHelp("Known violations of the rules, one a line: they do not fail; new ones do, and so does a listed one no longer found. Default: \(Self.defaultBaseline) beside the rules file, when there is one.", valueName: "file"), completion: .file())
    public var rulesBaseline: String?

    @Flag(help: "Write every finding of the rules to the rules baseline (--rules-baseline, else \(Self.defaultBaseline) beside the rules file), sorted, instead of failing on them.")
    public var writeRulesBaseline = false

    @Flag(help: "check: do not read ./graphinspect.yml.")
    public var noRules = false

    public init() {}

    public func validate() throws {
        if noRules, rules != nil { throw ValidationError("--no-rules contradicts --rules \(rules ?? ""); give one of them.") }
    }

    /// The rules file to read: `--rules`, else (when `findsDefault`) `graphinspect.yml` in the
    /// current folder if there is one.
    func file(findsDefault: Bool) throws(CLIError) -> String? {
        if let rules { return rules }
        let found = findsDefault && !noRules && FileManager.default.fileExists(atPath: Self.defaultFile)
        if !found, let flag = rulesBaseline != nil ? "--rules-baseline" : writeRulesBaseline ? "--write-rules-baseline" : nil {
            throw .rulesBaselineWithoutRules(flag: flag)
        }
        return found ? Self.defaultFile : nil
    }

    /// The baseline that goes with the rules file `file`: `--rules-baseline`, else
    /// `graphinspect-rules-baseline.txt` in `file`'s folder (as the build plugin finds it) when it
    /// exists or `--write-rules-baseline` is to write it; nil when there is none.
    func baseline(of file: String) -> RulesBaselineFile? {
        if let rulesBaseline { return RulesBaselineFile(path: rulesBaseline, besideRules: nil) }
        let path = ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(Self.defaultBaseline)
        guard writeRulesBaseline || FileManager.default.fileExists(atPath: path) else { return nil }
        return RulesBaselineFile(path: path, besideRules: file)
    }

    /// Reads the rules file and the baseline, before any app runs, so a mistake in either is
    /// reported before anything else is done; nil when there are no rules to read. In a program
    /// with no YAML parser (graphinspect itself), hands the whole command line to
    /// `graphinspect-rules` instead.
    func load(command: String, findsDefault: Bool) throws(CLIError) -> LoadedRules? {
        guard let file = try file(findsDefault: findsDefault) else { return nil }
        if RulesFileHook.parse == nil { try CompanionTool.rules.replaceThisProcess(command: command) }
        let baseline = baseline(of: file)
        do {
            // Written anew with --write-rules-baseline, so the old one is not read.
            let held = try HeldRules(path: file, baselinePath: writeRulesBaseline ? nil : baseline?.path)
            return LoadedRules(held: held, baseline: baseline, writesBaseline: writeRulesBaseline ? baseline?.path : nil)
        } catch {
            throw .badRules(error)
        }
    }
}

/// The rules baseline a command holds to: named by `--rules-baseline`, or found beside the rules
/// file (which the summary line says).
struct RulesBaselineFile {
    var path: String
    /// The rules file it was found beside; nil when `--rules-baseline` named it.
    var besideRules: String?
}

/// A rules file and its baseline, read.
struct LoadedRules {
    var held: HeldRules
    /// The baseline read or to be written, if any.
    var baseline: RulesBaselineFile?
    /// Where `--write-rules-baseline` writes, when it was given.
    var writesBaseline: String?

    /// The rules as the static reader's entry holds a reading of the sources to them (`check`).
    var forReadings: ReadingRules { held.forReadings(writingBaseline: writesBaseline != nil) }

    /// Holds `input` (a run) against the rules and the baseline, or writes the baseline.
    func verdict(_ input: RulesInput) throws(CLIError) -> RulesVerdict {
        let found = held.held(input, writingBaseline: writesBaseline != nil)
        return try verdict(found.report, tally: found.tally)
    }

    /// The verdict on what the rules found (`report`, counted by `tally`: a run's, or a reading's
    /// held by the reader's entry), the baseline written when `--write-rules-baseline` asks.
    func verdict(_ report: [StaticDiagnostic], tally: RulesTally) throws(CLIError) -> RulesVerdict {
        if let writesBaseline {
            try Output.write(RulesBaseline.text(of: tally.entries), to: writesBaseline)
            return RulesVerdict(file: held.rules.path, report: [], tally: tally, wroteBaseline: writesBaseline)
        }
        return RulesVerdict(file: held.rules.path, report: report, tally: tally, baseline: held.baseline?.path, baselineBeside: baseline?.besideRules)
    }
}

/// What the rules found in one graph, after the baseline: what to report, and what it counted.
struct RulesVerdict {
    var file: String
    /// The findings to report (`check` has them among the reading's own, and leaves this empty).
    var report: [StaticDiagnostic]
    var tally: RulesTally
    var baseline: String?
    /// The rules file the baseline was found beside, when no `--rules-baseline` named it.
    var baselineBeside: String?
    var wroteBaseline: String?

    var errors: Int { tally.errors }
    var warnings: Int { tally.warnings }
    var known: Int { tally.known }

    /// `graphinspect rules: graphinspect.yml: 1 error, 0 warnings, 2 known in baseline.txt`, and
    /// ` (found beside graphinspect.yml)` after a baseline no `--rules-baseline` named.
    var summary: String {
        if let wroteBaseline { return "graphinspect rules: \(file): wrote \(known) \(known == 1 ? "entry" : "entries") to \(wroteBaseline)" }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let beside = baselineBeside.map { " (found beside \($0))" } ?? ""
        let known = baseline.map { ", \(self.known) known in \($0)\(beside)" } ?? ""
        return "graphinspect rules: \(file): \(plural(errors, "error")), \(plural(warnings, "warning"))\(known)"
    }
}
