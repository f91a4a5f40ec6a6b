import Foundation
import GraphInspectGeneratedApp
import Testing
import GraphInspectTestSupport

/// `graphinspect lsp` driven as an editor drives it: the real binary on pipes, framed messages in,
/// framed messages out. Every feature on a copy of the bundled sample with a planted missing
/// dependency, held against `check` over the same text; then bad input, which never crashes it.
@Suite(.ownThread) struct LanguageServerTests {
    static func workspace() throws -> URL {
        try SampleWorkspace.make("lsp")
    }

    static func hoverText(_ response: [String: Any]) -> String {
        let contents = (response["result"] as? [String: Any])?["contents"] as? [String: Any]
        return contents?["value"] as? String ?? ""
    }

    @Test func everyFeatureAsAnEditorUsesIt() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Sources/App")
        let server = try LanguageServerClient(root: folder)
        defer { server.stop() }

        // First diagnostics, for every file, before any is opened: check's findings, file by file.
        let first = try server.waitForDiagnostics { !$0.isEmpty }
        let check = try Executable.run("graphinspect", ["check", folder.appendingPathComponent("Sources").path])
        let checkErrors = check.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.map { line in String(line.split(separator: ":")[0...1].joined(separator: ":")) }
        let lspErrors = first.flatMap { uri, diagnostics in diagnostics.filter { $0["severity"] as? Int == 1 }.map { "\(URL(string: uri)!.path):\(((($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1) + 1)" } }
        #expect(Set(lspErrors) == Set(checkErrors), "check: \(checkErrors), lsp: \(lspErrors)")

        // An unsaved edit: a lookup of what nothing provides, in the editor's text only.
        let home = app.appendingPathComponent("HomeModule.swift")
        let text = try String(contentsOf: home, encoding: .utf8)
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": home.absoluteString, "languageId": "swift", "version": 1, "text": text]])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lookupLine = try #require(lines.firstIndex { $0.contains("component.analytics") })
        let planted = "        let _: Analytics = component.analyticz\n"
        try server.notify("textDocument/didChange", [
            "textDocument": ["uri": home.absoluteString, "version": 2],
            "contentChanges": [["range": ["start": ["line": lookupLine + 1, "character": 0], "end": ["line": lookupLine + 1, "character": 0]], "text": planted]],
        ])
        let edited = try server.waitForDiagnostics { $0[home.absoluteString]?.contains { ($0["message"] as? String)?.contains("analyticz") == true } == true }
        let missing = try #require(edited[home.absoluteString]?.first { ($0["message"] as? String)?.contains("analyticz") == true })
        #expect(((missing["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == lookupLine + 1)
        #expect((missing["relatedInformation"] as? [[String: Any]])?.isEmpty == false, "the walk, each component at its declaration")
        let onDisk = try String(contentsOf: home, encoding: .utf8)
        #expect(onDisk == text, "the file on disk is untouched")

        // Hover on a lookup: where it is answered.
        let column = try #require(lines[lookupLine].range(of: "component.analytics")).lowerBound.utf16Offset(in: lines[lookupLine]) + "component.".count + 2
        let position: [String: Any] = ["textDocument": ["uri": home.absoluteString], "position": ["line": lookupLine, "character": column]]
        let hover = Self.hoverText(try server.request("textDocument/hover", position))
        #expect(hover.contains("comes from AppComponent"), "\(hover)")

        // Definition: the provider's declaration.
        let definition = try #require(try server.request("textDocument/definition", position)["result"] as? [[String: Any]])
        #expect(definition.count == 1 && (definition.first?["uri"] as? String)?.hasSuffix("AppComponent.swift") == true, "\(definition)")
        let declaration = try #require(definition.first)
        let declarationStart = try #require((declaration["range"] as? [String: Any])?["start"] as? [String: Any])

        // References from the declaration: every lookup it answers, as query users says.
        let appFile = try #require(declaration["uri"] as? String)
        let appText = try String(contentsOf: URL(string: appFile)!, encoding: .utf8)
        let declarationLine = try #require(declarationStart["line"] as? Int)
        let nameColumn = try #require(appText.split(separator: "\n", omittingEmptySubsequences: false)[declarationLine].range(of: "analytics")).lowerBound
            .utf16Offset(in: appText.split(separator: "\n", omittingEmptySubsequences: false)[declarationLine])
        let onDeclaration: [String: Any] = ["textDocument": ["uri": appFile], "position": ["line": declarationLine, "character": nameColumn + 1], "context": ["includeDeclaration": false]]
        let references = try #require(try server.request("textDocument/references", onDeclaration)["result"] as? [[String: Any]])
        let users = try Executable.run("graphinspect", ["query", "users", "AppComponent.analytics", "--format", "json", "--sources", folder.appendingPathComponent("Sources").path])
        let usersJSON = try #require(JSONSerialization.jsonObject(with: Data(users.stdout.utf8)) as? [String: Any])
        let usersCount = (usersJSON["users"] as? [[String: Any]])?.count ?? -1
        #expect(references.count == usersCount, "references \(references.count), query users \(usersCount) (the unsaved edit is the editor's alone)")
        let declarationHover = Self.hoverText(try server.request("textDocument/hover", onDeclaration))
        #expect(declarationHover.contains("answers"), "\(declarationHover)")

        // Code lens: a count on each provider, 0 shown as unused.
        let lenses = try #require(try server.request("textDocument/codeLens", ["textDocument": ["uri": appFile]])["result"] as? [[String: Any]])
        let titles = lenses.compactMap { ($0["command"] as? [String: Any])?["title"] as? String }
        #expect(titles.contains { $0.hasSuffix("lookups") } && titles.contains("0 lookups: unused"), "\(titles)")

        // Closing the file: its text is read from disk again, and the planted error goes.
        try server.notify("textDocument/didClose", ["textDocument": ["uri": home.absoluteString]])
        _ = try server.waitForDiagnostics { $0[home.absoluteString]?.contains { ($0["message"] as? String)?.contains("analyticz") == true } != true }

        // An unknown method is MethodNotFound; shutdown, then exit, ends it with 0.
        let unknown = try server.request("workspace/executeCommand", ["command": "x"])
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601, "\(unknown)")
        _ = try server.request("shutdown", nil)
        try server.notify("exit", nil)
        #expect(server.waitForExit() == 0)
    }

    /// Applies LSP text edits (0-based lines, UTF-16 characters) to `text`, last first.
    static func apply(_ edits: [[String: Any]], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
        func at(_ position: Any?) -> (line: Int, character: Int) {
            let position = position as? [String: Any]
            return (position?["line"] as? Int ?? 0, position?["character"] as? Int ?? 0)
        }
        let ordered = edits.sorted { at(($0["range"] as? [String: Any])?["start"]) > at(($1["range"] as? [String: Any])?["start"]) }
        for edit in ordered {
            let range = edit["range"] as? [String: Any]
            let (start, end) = (at(range?["start"]), at(range?["end"]))
            while lines.count <= end.line { lines.append([]) }
            let before = Array(lines[start.line].prefix(start.character)), after = Array(lines[end.line].dropFirst(end.character))
            let inserted = (String(decoding: before, as: UTF16.self) + (edit["newText"] as? String ?? "") + String(decoding: after, as: UTF16.self))
                .split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
            lines.replaceSubrange(start.line...end.line, with: inserted)
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    /// The quick fixes are the reports' fixes as edits, proven by `check`: the sample's missing
    /// `paymentService` (moved up), a typo (renamed) and a name nothing provides (declared), each
    /// fix applied, and check then finds no error at all.
    @Test func codeActionsAreTheFixesThatCheckAccepts() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Sources/App")
        let home = app.appendingPathComponent("HomeModule.swift")
        var homeText = try String(contentsOf: home, encoding: .utf8)
        homeText = homeText.replacingOccurrences(of: "        let again: Analytics = component.analytics\n", with: "        let again: Analytics = component.analyticz\n        let gateway: PaymentGateway = component.gateway\n")
        try homeText.write(to: home, atomically: true, encoding: .utf8)
        let before = try Executable.run("graphinspect", ["check", app.path])
        #expect(before.stderr.hasSuffix(": 3 errors, 0 warnings, 0 notes\n"), "\(before.stderr)")

        let server = try LanguageServerClient(root: folder)
        defer { server.stop() }
        _ = try server.waitForDiagnostics { !$0.isEmpty }
        func actions(_ file: URL, line containing: String) throws -> [[String: Any]] {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.contains(containing) })
            let range: [String: Any] = ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]]
            let response = try server.request("textDocument/codeAction", ["textDocument": ["uri": file.absoluteString], "range": range, "context": ["diagnostics": []]])
            return response["result"] as? [[String: Any]] ?? []
        }
        let move = try actions(app.appendingPathComponent("CheckoutModule.swift"), line: "component.paymentService")
        let rename = try actions(home, line: "component.analyticz")
        let declare = try actions(home, line: "component.gateway")
        #expect(move.map { $0["title"] as? String } == ["Move `paymentService` from ProfileComponent up to AppComponent"])
        #expect(rename.map { $0["title"] as? String } == ["Ask for `analytics`"])
        #expect(declare.map { $0["title"] as? String } == [
            "Declare `let gateway: PaymentGateway` in HomeComponent",
            "Declare `let gateway: PaymentGateway` in AppComponent (shared with every component below)",
        ])
        #expect(move.first?["kind"] as? String == "quickfix" && move.first?["isPreferred"] as? Bool == true)
        // No fix where there is no missing dependency.
        #expect(try actions(home, line: "analytics = component.analytics").isEmpty)

        var edits: [String: [[String: Any]]] = [:]
        for action in [move.first, rename.first, declare.first].compactMap({ $0 }) {
            let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
            for (uri, list) in changes { edits[uri, default: []] += list }
        }
        #expect(Set(edits.keys.compactMap { URL(string: $0)?.lastPathComponent }) == ["ProfileHolder.swift", "AppComponent.swift", "HomeModule.swift"])
        for (uri, list) in edits {
            let file = try #require(URL(string: uri))
            try Self.apply(list, to: try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        }
        let after = try Executable.run("graphinspect", ["check", app.path])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(after.stderr.hasSuffix(": 0 errors, 0 warnings, 0 notes\n"), "\(after.stderr)")
        let declared = try String(contentsOf: home, encoding: .utf8)
        #expect(declared.contains("    let gateway: PaymentGateway = <#PaymentGateway#>\n"), "\(declared)")
    }

    /// The same features on a generated app of 12 features (code not written for the server, with
    /// one planted missing dependency): diagnostics equal check's, a hover and references answer
    /// as query does, and the quick fix offered for the planted error removes it and no other.
    @Test func everyFeatureOnAGeneratedApp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-generated-\(UUID().uuidString)").resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        try GeneratedApp(features: 12, ordinaryFilesPerFeature: 2).write(to: folder)
        let sources = folder.appendingPathComponent("Sources")
        func errors() throws -> [String] {
            let check = try Executable.run("graphinspect", ["check", sources.path])
            return check.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.map { String($0.split(separator: ":")[0...1].joined(separator: ":")) }
        }
        let checkErrors = try errors()
        #expect(checkErrors.count == 1, "\(checkErrors)")
        let server = try LanguageServerClient(root: folder)
        defer { server.stop() }
        let first = try server.waitForDiagnostics { $0.values.contains { $0.contains { $0["severity"] as? Int == 1 } } }
        let lspErrors = first.flatMap { uri, diagnostics in diagnostics.filter { $0["severity"] as? Int == 1 }.map { "\(URL(string: uri)!.path):\(((($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1) + 1)" } }
        #expect(Set(lspErrors) == Set(checkErrors))

        // Hover on an ancestor's analytics, and references from that provider, as query says.
        let modules = try #require(try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent("Feature5").path).first { $0.contains("Module") })
        let file = sources.appendingPathComponent("Feature5").appendingPathComponent(modules)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("component.f1Analytics") })
        let column = try #require(lines[line].range(of: "f1Analytics")).lowerBound.utf16Offset(in: lines[line]) + 1
        let position: [String: Any] = ["textDocument": ["uri": file.absoluteString], "position": ["line": line, "character": column]]
        let hover = Self.hoverText(try server.request("textDocument/hover", position))
        #expect(hover.contains("comes from F1Component"), "\(hover)")
        let references = try #require(try server.request("textDocument/references", position)["result"] as? [[String: Any]])
        let users = try Executable.run("graphinspect", ["query", "users", "F1Component.f1Analytics", "--format", "json", "--sources", sources.path])
        let usersJSON = try #require(JSONSerialization.jsonObject(with: Data(users.stdout.utf8)) as? [String: Any])
        #expect(references.count == (usersJSON["users"] as? [[String: Any]])?.count, "\(users.stderr)")

        // The planted error's first quick fix, applied: check finds no error.
        let planted = try #require(checkErrors.first)
        let plantedFile = URL(fileURLWithPath: String(planted.split(separator: ":")[0]))
        let plantedLine = try #require(Int(planted.split(separator: ":")[1])) - 1
        let range: [String: Any] = ["start": ["line": plantedLine, "character": 0], "end": ["line": plantedLine, "character": 0]]
        let actions = try #require(try server.request("textDocument/codeAction", ["textDocument": ["uri": plantedFile.absoluteString], "range": range, "context": ["diagnostics": []]])["result"] as? [[String: Any]])
        let fix = try #require(actions.first, "no quick fix for \(planted)")
        // check reads no types, so the move satisfies it; the title says what the compiler will ask.
        #expect(fix["title"] as? String == "Move `f10Service` from F10Component up to F2Component (F10Service is declared in module Feature10; F2Component is in Feature2, which must see it)")
        for (uri, list) in (fix["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:] {
            let edited = try #require(URL(string: uri))
            try Self.apply(list, to: try String(contentsOf: edited, encoding: .utf8)).write(to: edited, atomically: true, encoding: .utf8)
        }
        #expect(try errors().isEmpty, "after \(fix["title"] ?? "")")
    }

    @Test func badInputNeverCrashesIt() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LanguageServerClient(root: folder)
        defer { server.stop() }
        _ = try server.waitForDiagnostics { !$0.isEmpty }
        // Malformed JSON: a parse error, answered; a header with no length: skipped.
        try server.send(raw: Array("Content-Length: 9\r\n\r\n{not json".utf8))
        let parseError = try server.next { $0["error"] != nil }
        #expect(((parseError["error"] as? [String: Any])?["code"] as? Int) == -32700)
        try server.send(raw: Array("Content-Type: nothing\r\n\r\n".utf8))
        // A file outside the workspace, a position past the end, a file that does not parse.
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).swift")
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": outside.absoluteString, "languageId": "swift", "version": 1, "text": "let x = 1\n"]])
        let outsideHover = try server.request("textDocument/hover", ["textDocument": ["uri": outside.absoluteString], "position": ["line": 99, "character": 99]])
        #expect(outsideHover["error"] == nil, "\(outsideHover)")
        let broken = folder.appendingPathComponent("Sources/App/Broken.swift")
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": broken.absoluteString, "languageId": "swift", "version": 1, "text": "class { func (\n"]])
        let brokenLenses = try server.request("textDocument/codeLens", ["textDocument": ["uri": broken.absoluteString]])
        #expect(brokenLenses["error"] == nil, "\(brokenLenses)")
        // Cancelling is accepted; the client going away ends the server (1: no shutdown first).
        try server.notify("$/cancelRequest", ["id": 99])
        server.closeInput()
        #expect(server.waitForExit() == 1)
    }
}
