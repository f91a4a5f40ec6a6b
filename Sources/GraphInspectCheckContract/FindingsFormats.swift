import Foundation
import GraphInspect

/// `check`'s findings for tools: GitHub workflow commands (annotations on the pull request's
/// lines), SARIF 2.1.0 (code scanning), and JSON with each finding's fix.
public enum FindingsFormats {
    /// One workflow command per finding: `::error file=F,line=L,col=C,title=T::message` (notes
    /// as `::notice`), the detail lines joined into the message as GitHub encodes line breaks.
    public static func github(_ findings: [StaticDiagnostic]) -> String {
        findings.map { finding in
            let command = finding.severity == .note ? "notice" : finding.severity.rawValue
            let place = finding.position.isKnown
                ? ["file=" + property(finding.position.file), "line=\(finding.position.line)", "col=\(finding.position.column)"] : []
            let properties = (place + ["title=" + property("graphinspect: " + finding.rule)]).joined(separator: ",")
            return "::\(command) \(properties)::" + data(([finding.message] + finding.details.map { $0.trimmingCharacters(in: .whitespaces) }).joined(separator: "\n")) + "\n"
        }.joined()
    }

    /// SARIF 2.1.0: one run of the `graphinspect` driver, a rule per kind of finding, a result
    /// per finding at its file, line and column. Keys sorted, so the same findings give the same
    /// bytes.
    public static func sarif(_ findings: [StaticDiagnostic]) throws -> String {
        let rules = Set(findings.map(\.rule)).sorted()
        let results: [[String: Any]] = findings.map { finding in
            var result: [String: Any] = [
                "ruleId": finding.rule,
                "ruleIndex": rules.firstIndex(of: finding.rule) ?? 0,
                "level": finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "note",
                "message": ["text": ([finding.message] + finding.details.map { $0.trimmingCharacters(in: .whitespaces) }).joined(separator: "\n")],
            ]
            // A finding of a run with no captured position has no location (SARIF allows none).
            if finding.position.isKnown {
                result["locations"] = [[
                    "physicalLocation": [
                        "artifactLocation": ["uri": uri(finding.position.file)],
                        "region": ["startLine": max(finding.position.line, 1), "startColumn": max(finding.position.column, 1)],
                    ],
                ]]
            }
            return result
        }
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "graphinspect",
                    "informationUri": "https://github.com/graphinspect/graphinspect",
                    "rules": rules.map { ["id": $0, "shortDescription": ["text": ruleDescription($0)]] },
                ]],
                "results": results,
            ]],
        ]
        return try json(log)
    }

    /// `{"findings": [...]}`: each finding's severity, rule, place (left out when there is none),
    /// message, detail lines, and its fix (the detail line that starts `fix:`) on its own.
    public static func findingsJSON(_ findings: [StaticDiagnostic]) -> [[String: Any]] {
        findings.map { finding in
            var object: [String: Any] = [
                "severity": finding.severity.rawValue, "rule": finding.rule, "message": finding.message, "details": finding.details,
            ]
            if finding.position.isKnown {
                object["file"] = finding.position.file
                object["line"] = finding.position.line
                object["column"] = finding.position.column
            }
            let details = finding.details.map { $0.trimmingCharacters(in: .whitespaces) }
            if let fix = details.first(where: { $0.hasPrefix("fix: ") }) { object["fix"] = String(fix.dropFirst(5)) }
            return object
        }
    }

    /// Pretty, sorted-key JSON with a final newline.
    public static func json(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func ruleDescription(_ rule: String) -> String {
        switch rule {
        case "missing-dependency": "A dependency lookup that no component on some chain reaching the requester provides."
        case "missing-module": "A module lookup that no holder on the chain holds."
        case "missing-router": "A router lookup that no holder on the chain holds."
        case "not-checked": "A lookup the reader could not check (the note says why)."
        case "forbidden-lookup": "A lookup the rules file forbids: this requester may not resolve from this provider."
        case "max-hops": "A lookup answered more ancestors up than the rules file allows."
        case "max-depth": "A tree deeper than the rules file allows."
        case "max-children": "A holder holding more modules than the rules file allows."
        case "max-fan-in": "A provider answering lookups of more component types than the rules file allows."
        case "max-fan-out": "A component type whose lookups resolve to more providers than the rules file allows."
        case "shadowing": "A component providing a name and type an ancestor also provides, which changes what everything below it gets."
        case "unused-provider": "A provider no lookup uses."
        case "router-required": "A module without a router, where the rules file requires one."
        case "closure-cycle": "A closure stored on a component, module or router that captures that same object strongly: neither is ever released."
        case "max-main-thread-ms": "A span of a run on the main thread (a builder's run, a construction, a lookup, a first-use build) longer than the rules file allows."
        case "rules-baseline": "A known violation listed in the rules baseline that no longer occurs."
        default: "A finding of graphinspect check: " + rule.replacingOccurrences(of: "-", with: " ") + "."
        }
    }

    /// A relative path as a URI reference: each segment percent-encoded.
    private static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#[]@!$&'()*+,;=:"))) ?? String($0)
        }.joined(separator: "/")
    }

    /// A workflow command's message: `%`, CR and LF encoded, as GitHub's toolkit does.
    private static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,`.
    private static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension StaticDiagnostic {
    /// The kind of finding, as a rule id: `missing-dependency`, `not-checked`... (the message's
    /// words before its first name or colon).
    public var rule: String {
        if let ruleID { return ruleID }
        if isUnchecked { return "not-checked" }
        let head = message.prefix { $0 != "`" && $0 != ":" && $0 != "\"" }
        let words = head.lowercased().split { !$0.isLetter }.prefix(4)
        return words.isEmpty ? "finding" : words.joined(separator: "-")
    }
}
