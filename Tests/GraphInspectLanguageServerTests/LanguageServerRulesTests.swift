import Foundation
import Testing
import GraphInspectTestSupport

/// The workspace's rules file in the editor: its findings are the ones `check` prints over the
/// same text (a known one in the baseline beside it left out), and they follow the editor's
/// unsaved edits.
@Suite struct LanguageServerRulesTests {
    static let rules = """
        rules:
          forbidden-lookup:
            - requester: "Home*"
              provider: "App*"
          unused-provider: warning

        """

    /// `path:line: severity: message` of each finding `check` prints.
    static func checkFindings(_ stdout: String) -> Set<String> {
        Set(stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { line in
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            return "\(parts[0]):\(parts[1]):\(parts[3])"
        })
    }

    /// The same of each diagnostic the server published.
    static func serverFindings(_ published: [String: [[String: Any]]]) -> Set<String> {
        Set(published.flatMap { uri, diagnostics in
            diagnostics.map { diagnostic in
                let line = (((diagnostic["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1) + 1
                let severity = ["", "error", "warning", "note"][diagnostic["severity"] as? Int ?? 3]
                let message = (diagnostic["message"] as? String ?? "").split(separator: "\n").first ?? ""
                return "\(URL(string: uri)!.path):\(line): \(severity): \(message)"
            }
        })
    }

    /// The lines of the rules' forbidden lookups published for `file`.
    static func forbidden(_ published: [String: [[String: Any]]], in file: URL) -> [Int] {
        (published[file.absoluteString] ?? []).filter { $0["code"] as? String == "forbidden-lookup" }
            .compactMap { (((($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int).map { $0 + 1 }) }.sorted()
    }

    @Test func theRulesFindingsAreChecksAndFollowTheEdits() throws {
        let folder = try SampleWorkspace.make("lsp-rules")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("graphinspect.yml")
        try Self.rules.write(to: rules, atomically: true, encoding: .utf8)
        try "unused-provider: HomeComponent.feedTitle\n".write(to: folder.appendingPathComponent("graphinspect-rules-baseline.txt"), atomically: true, encoding: .utf8)
        let home = folder.appendingPathComponent("Sources/App/HomeModule.swift")
        let server = try LanguageServerClient(root: folder)
        defer { server.stop() }

        let first = try server.waitForDiagnostics { !Self.forbidden($0, in: home).isEmpty }
        let check = try Executable.run("graphinspect", ["check", "--rules", rules.path, folder.appendingPathComponent("Sources").path])
        #expect(check.stderr.contains(": 2 errors, 1 warning, 1 known in \(folder.path)/graphinspect-rules-baseline.txt"), "\(check.stderr)")
        let expected = Self.checkFindings(check.stdout)
        #expect(Self.serverFindings(first) == expected)
        #expect(expected.contains { $0.contains("CheckoutComponent provides `cartID: String`") } && !expected.contains { $0.contains("feedTitle") })
        #expect(Self.forbidden(first, in: home) == [13, 16])

        // A line added above the lookups: the rules' findings move with them.
        let text = try String(contentsOf: home, encoding: .utf8)
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": home.absoluteString, "languageId": "swift", "version": 1, "text": "// moved\n" + text]])
        let moved = try server.waitForDiagnostics { Self.forbidden($0, in: home) == [14, 17] }
        #expect(Self.serverFindings(moved).count == expected.count)

        // The second lookup gone: so is its finding.
        let without = "// moved\n" + text.replacingOccurrences(of: "let again: Analytics = component.analytics", with: "let again: Analytics = analytics")
        try server.notify("textDocument/didChange", ["textDocument": ["uri": home.absoluteString, "version": 2], "contentChanges": [["text": without]]])
        _ = try server.waitForDiagnostics { Self.forbidden($0, in: home) == [14] }
        _ = try server.request("shutdown", nil)
        try server.notify("exit", nil)
        #expect(server.waitForExit() == 0)
    }
}
