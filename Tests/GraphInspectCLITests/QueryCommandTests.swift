import Foundation
import GraphInspectGraphviz
import Testing
import GraphInspectTestSupport

/// `graphinspect query` as a user runs it: the installed binary handing the sources to
/// graphinspect-check, or reading a run; every verb in every format it writes, and every bad
/// input answered with what to ask instead (exit 64), never a crash.
@Suite(.ownThread) struct QueryCommandTests {
    static let sample = ["--sources", Golden.packageRoot.appendingPathComponent("Sources/GraphInspectSample").path]

    static func query(_ arguments: [String]) throws -> Executable.Output {
        try Executable.run("graphinspect", ["query"] + arguments)
    }

    static func json(_ output: Executable.Output) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test func jsonHoldsTheDocumentedKeysOfEveryVerb() throws {
        let provider = try Self.json(try Self.query(["provider", "analytics", "--from", "AvatarComponent", "--format", "json"] + Self.sample))
        let answer = try #require((provider["answers"] as? [[String: Any]])?.first)
        #expect(answer["provider"] as? String == "AppComponent")
        #expect(answer["hops"] as? Int == 2)
        #expect(answer["path"] as? [String] == ["AvatarComponent", "ProfileComponent", "AppComponent"])
        #expect((answer["file"] as? String)?.hasSuffix("AppComponent.swift") == true && answer["line"] as? Int == 5)

        let users = try Self.json(try Self.query(["users", "ProfileComponent.profileStore", "--format", "json"] + Self.sample))
        let listed = try #require(users["users"] as? [[String: Any]])
        #expect(listed.map { $0["requester"] as? String } == ["ProfileDetailsComponent", "AvatarComponent"])
        #expect(listed.allSatisfy { ($0["file"] as? String)?.hasSuffix("ProfileModules.swift") == true && $0["line"] is Int })

        let impact = try Self.json(try Self.query(["impact", "--move", "AppComponent.analytics", "--to", "ProfileComponent", "--format", "json"] + Self.sample))
        let breaks = try #require(impact["breaks"] as? [[String: Any]])
        let rebinds = try #require(impact["rebinds"] as? [[String: Any]])
        #expect(breaks.count == 3 && rebinds.count == 1)
        for entry in breaks + rebinds {
            for key in ["file", "line", "requester", "name"] { #expect(entry[key] != nil, "\(key) in \(entry)") }
        }
        #expect(rebinds.first?["from"] as? String == "AppComponent" && rebinds.first?["to"] as? String == "ProfileComponent")

        let path = try Self.json(try Self.query(["path", "AvatarComponent", "AppComponent", "--format", "json"] + Self.sample))
        #expect(((path["paths"] as? [[[String: Any]]])?.first?.map { $0["type"] as? String }) == ["AvatarComponent", "ProfileComponent", "AppComponent"])
        let stats = try Self.json(try Self.query(["stats", "--format", "json"] + Self.sample))
        // AppComponent.theme: no lookup resolves there (SettingsComponent's nearer one answers), but
        // `x.theme` is read elsewhere, so it is not called unused, as the rules' unused-provider says.
        let theme = (stats["providers"] as? [[String: Any]])?.first { $0["component"] as? String == "AppComponent" && $0["name"] as? String == "theme" }
        #expect(theme?["lookups"] as? Int == 0 && theme?["fanIn"] as? Int == 0 && theme?["unused"] as? Bool == false, "\(theme ?? [:])")
        #expect((stats["providers"] as? [[String: Any]])?.contains { $0["unused"] as? Bool == true } == true)
        #expect((stats["longest"] as? [String: Any])?["hops"] as? Int == 2)
    }

    @Test(arguments: [["provider", "analytics", "--from", "AvatarComponent"], ["users", "AppComponent.analytics"], ["path", "AvatarComponent", "AppComponent"]])
    func picturesAreAcceptedByGraphviz(verb: [String]) throws {
        let dot = try Self.query(verb + ["--format", "dot"] + Self.sample)
        #expect(dot.status == 0, "\(dot.stderr)")
        let svg = try GraphvizRenderer.render(dot: dot.stdout, format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
        let mermaid = try Self.query(verb + ["--format", "mermaid"] + Self.sample)
        #expect(mermaid.stdout.hasPrefix("flowchart"), "\(mermaid.stdout)")
    }

    @Test func impactAndStatsHaveNoPicture() throws {
        let result = try Self.query(["stats", "--format", "dot"] + Self.sample)
        #expect(result.status == 64)
        #expect(result.stderr.contains("text, json"), "\(result.stderr)")
    }

    @Test func theRunIsAskedTheSameWay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("query-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run.json").path
        #expect(try Executable.run("graphinspect", ["dump", "--format", "json", "-o", run]).status == 0)
        let fromRun = try Self.query(["users", "AppComponent.analytics", "--trace", run])
        #expect(fromRun.status == 0)
        #expect(fromRun.stdout.contains("HomeComponent, 1 hop, 2 times"), "\(fromRun.stdout)")
        let impact = try Self.json(try Self.query(["impact", "--remove", "AppComponent.analytics", "--trace", run, "--format", "json"]))
        #expect(Set((impact["breaks"] as? [[String: Any]] ?? []).compactMap { $0["requester"] as? String }) == ["AvatarComponent", "HomeComponent", "OnboardingComponent"])
        // Both, or a malformed recording, are errors of their own.
        #expect(try Self.query(["stats", "--trace", run] + Self.sample).status == 64)
        try Data("{\"nodes\": [".utf8).write(to: URL(fileURLWithPath: run))
        let truncated = try Self.query(["stats", "--trace", run])
        #expect(truncated.status == 65, "\(truncated.stderr)")
    }

    @Test func aNameThatMatchesNothingSuggestsTheNearest() throws {
        let component = try Self.query(["provider", "analytics", "--from", "AvatarComponet"] + Self.sample)
        #expect(component.status == 64)
        #expect(component.stderr.contains("no component named AvatarComponet") && component.stderr.contains("Did you mean AvatarComponent?"), "\(component.stderr)")
        let provider = try Self.query(["users", "AppComponent.analytic"] + Self.sample)
        #expect(provider.status == 64)
        #expect(provider.stderr.contains("Did you mean AppComponent.analytics?"), "\(provider.stderr)")
        let name = try Self.query(["provider", "analytcs", "--from", "AvatarComponent"] + Self.sample)
        #expect(name.status == 64)
        #expect(name.stderr.contains("Did you mean `analytics`?"), "\(name.stderr)")
        let unqualified = try Self.query(["users", "analytics"] + Self.sample)
        #expect(unqualified.status == 64 && unqualified.stderr.contains("write COMPONENT.NAME"), "\(unqualified.stderr)")
        for result in [component, provider, name, unqualified] {
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        }
    }

    @Test func anAmbiguousTypeAsksForItsModule() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("query-ambiguous-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for module in ["Shop", "Blog"] {
            let sources = folder.appendingPathComponent("Sources/\(module)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data("""
                import GraphInspect

                final class \(module)Root: Component, RootComponent {
                    let analytics = "\(module)"
                }

                final class HomeComponent: Component {
                    func title() -> String { (try? resolve("analytics")) ?? "" }
                }

                let home = HomeComponent(parent: \(module)Root(parent: nil))
                _ = home.title()

                """.utf8).write(to: sources.appendingPathComponent("main.swift"))
        }
        let result = try Self.query(["provider", "analytics", "--from", "HomeComponent", "--sources", folder.appendingPathComponent("Sources").path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("HomeComponent names 2 types: Blog.HomeComponent, Shop.HomeComponent. Write it with its module"), "\(result.stderr)")
        let qualified = try Self.query(["provider", "analytics", "--from", "Shop.HomeComponent", "--sources", folder.appendingPathComponent("Sources").path])
        #expect(qualified.status == 0, "\(qualified.stderr)")
        #expect(qualified.stdout.contains("comes from ShopRoot"), "\(qualified.stdout)")
    }

    @Test func aMoveSidewaysIsAnswered() throws {
        let tictactoe = ["--sources", Golden.packageRoot.appendingPathComponent("Examples/Styles/TicTacToe").path]
        // GameComponent is on another branch than LoggedOutComponent: the move is asked, not refused.
        let result = try Self.query(["impact", "--move", "LoggedOutComponent.viewModel", "--to", "GameComponent", "--format", "json"] + tictactoe)
        #expect(result.status == 0, "\(result.stderr)")
        let impact = try Self.json(result)
        #expect(impact["change"] as? String == "move" && impact["to"] as? String == "GameComponent", "\(impact)")
        #expect((impact["breaks"] as? [[String: Any]])?.map { $0["requester"] as? String } == ["LoggedOutComponent"], "\(impact)")
        #expect(impact["unchanged"] is [Any], "\(impact)")
        let missingTo = try Self.query(["impact", "--move", "LoggedOutComponent.viewModel"] + tictactoe)
        #expect(missingTo.status == 64 && missingTo.stderr.contains("--move needs --to"), "\(missingTo.stderr)")
    }

    /// Checkout asks for `paymentService`, which only the profile area provides: the answer says
    /// nothing answers (`provider` null in JSON), names the provider elsewhere, gives `check`'s own
    /// fix for that lookup, and exits 1.
    @Test func aNameNothingOnTheChainProvidesIsAnsweredWithWhereItIsAndCheckFix() throws {
        let text = try Self.query(["provider", "paymentService", "--from", "CheckoutComponent"] + Self.sample)
        #expect(text.status == 1, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "nothing provides `paymentService` for CheckoutComponent: its chain is CheckoutComponent -> AppComponent.", "\(text.stdout)")
        let declared = Golden.packageRoot.appendingPathComponent("Sources/GraphInspectSample/ProfileHolder.swift").path + ":7"
        #expect(lines.contains("  provided elsewhere: ProfileComponent.paymentService (\(declared)), not an ancestor of CheckoutComponent"), "\(text.stdout)")
        // The fix is the one check's report of the same missing dependency gives, word for word.
        let check = try Executable.run("graphinspect", ["check", Self.sample[1]])
        let checkFix = try #require(check.stdout.split(separator: "\n").first { $0.hasPrefix("  fix: ") && $0.contains("paymentService") }, "\(check.stdout)")
        #expect(lines.contains(String(checkFix)), "query: \(text.stdout)\ncheck: \(checkFix)")

        let json = try Self.query(["provider", "paymentService", "--from", "CheckoutComponent", "--format", "json"] + Self.sample)
        #expect(json.status == 1)
        let answer = try #require((try Self.json(json)["answers"] as? [[String: Any]])?.first)
        #expect(answer["provider"] is NSNull, "provider is null, not left out: \(answer)")
        #expect(answer["type"] == nil && answer["hops"] == nil && answer["file"] == nil && answer["line"] == nil, "\(answer)")
        #expect(answer["path"] as? [String] == ["CheckoutComponent", "AppComponent"] && answer["by"] as? String == "lookup", "\(answer)")
        let elsewhere = try #require(answer["elsewhere"] as? [[String: Any]])
        #expect(elsewhere.count == 1 && elsewhere[0]["component"] as? String == "ProfileComponent" && elsewhere[0]["type"] as? String == "PaymentService", "\(elsewhere)")
        #expect(elsewhere.first?["file"] as? String == String(declared.dropLast(2)) && elsewhere.first?["line"] as? Int == 7, "\(elsewhere)")
        #expect("  fix: " + (answer["fix"] as? String ?? "") == String(checkFix), "\(answer)")

        // A chain that answers still exits 0 and writes `provider` as a string.
        let found = try Self.query(["provider", "paymentService", "--from", "AvatarComponent", "--format", "json"] + Self.sample)
        #expect(found.status == 0, "\(found.stderr)")
        #expect((try Self.json(found)["answers"] as? [[String: Any]])?.first?["provider"] as? String == "ProfileComponent")
    }

    @Test func sourcesThatDoNotParseAreAnsweredFromTheRestAndNamed() throws {
        let folder = try SampleWorkspace.make("query-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Sources/App")
        try Data("import GraphInspect\nfinal class Broken: Component {\n    func f( {\n}\n".utf8).write(to: app.appendingPathComponent("Broken.swift"))
        let cache = folder.appendingPathComponent("cache").path
        for arguments in [[String](), ["--cache-path", cache], ["--cache-path", cache]] {
            let result = try Self.query(["users", "AppComponent.analytics", "--sources", folder.appendingPathComponent("Sources").path] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("answers 4 lookups"), "\(result.stdout)")
            #expect(result.stderr.contains("1 file does not parse") && result.stderr.contains("Broken.swift:3:13"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func hostileNamesStayText() throws {
        for typed in ["\"; rm -rf /", "<script>", "a\nb", "Cómponent✓", String(repeating: "x", count: 5_000), "", "."] {
            let result = try Self.query(["users", typed] + Self.sample)
            #expect(result.status == 64, "\(typed.prefix(20)): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
            #expect(!result.stderr.contains("Fatal error"))
        }
    }
}
