import ArgumentParser
import Foundation
import GraphInspectCheckContract
import GraphInspectReview
import GraphInspectRules

/// Where `dump --rules` and `why --rules` report the rules' findings, whose standard output is
/// the graph or the report: standard error as text by default, or `--rules-output FILE` in any
/// findings format (`--rules-format`, else the file's extension).
public struct RulesReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How to write the rules' findings: \(RulesReport.Format.allCases.map(\.rawValue).joined(separator: ", ")). Default: the --rules-output file's extension, else text.", valueName: "format"))
    public var rulesFormat: RulesReport.Format?

    @Option(help: ArgumentHelp("Write the rules' findings to this file (- for standard output; default: standard error).", valueName: "file"), completion: .file())
    public var rulesOutput: String?

    public init() {}

    public func validate() throws {
        do {
            _ = try WriteOptions<RulesReport>.resolve(rulesFormat, output: rulesOutput)
        } catch {
            throw ValidationError("\(error)".replacingOccurrences(of: "--format", with: "--rules-format"))
        }
    }

    /// Writes the verdict's findings as asked, and its summary line on standard error.
    func report(_ verdict: RulesVerdict) throws(CLIError) {
        let format = try WriteOptions<RulesReport>.resolve(rulesFormat, output: rulesOutput)
        let findings = verdict.report
        if format == .text, rulesOutput == nil {
            for finding in findings { Output.say(finding.formatted(style: .forStandardError)) }
        } else if rulesOutput == nil {
            // Standard output is the graph or the report; the findings go beside it.
            let text = try RulesReport.write(findings, as: format, verdict: verdict)
            if !text.isEmpty { Output.say(text.hasSuffix("\n") ? String(text.dropLast()) : text) }
        } else {
            try Output.write(try RulesReport.write(findings, as: format, verdict: verdict), to: rulesOutput)
        }
        Output.say(verdict.summary)
    }
}

/// The findings formats, for `--rules-format` and `check --format`.
public enum RulesReport: WritingCommand {
    public enum Format: String, WritableFormat {
        case text, json, sarif, github, markdown
    }

    public static let defaultFormat = Format.text

    static func write(_ findings: [StaticDiagnostic], as format: Format, verdict: RulesVerdict) throws(CLIError) -> String {
        do {
            switch format {
            case .text: return findings.map { $0.formatted() + "\n" }.joined()
            case .json: return try FindingsFormats.json(["findings": FindingsFormats.findingsJSON(findings), "known": verdict.known])
            case .sarif: return try FindingsFormats.sarif(findings)
            case .github: return FindingsFormats.github(findings)
            case .markdown: return FindingsMarkdown().write(findings, title: "graphinspect rules (\(verdict.file))", known: verdict.known)
            }
        } catch {
            throw .cannotEncode("\(error)")
        }
    }
}
