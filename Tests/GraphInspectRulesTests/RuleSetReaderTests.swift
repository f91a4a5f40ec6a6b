import GraphInspectRules
import GraphInspectRulesYAML
import Testing

/// Rules files as people write them, and as they mistype them: each mistake one error naming the
/// file, line and column and what was expected; never a rule silently dropped or defaulted.
@Suite struct RuleSetReaderTests {
    static func read(_ yaml: String) throws(RulesError) -> RuleSet {
        try RuleSetReader(path: "graphinspect.yml").read(try YAMLRulesParser.parse(yaml, path: "graphinspect.yml"))
    }

    static func error(_ yaml: String) -> String {
        do {
            _ = try read(yaml)
            return "no error"
        } catch {
            return error.description
        }
    }

    /// The issue's example, word for word.
    @Test func readsTheIssuesExample() throws {
        let rules = try Self.read("""
            rules:
              forbidden-lookup:
                - requester: "Game*"
                  provider: "Root*"
                  severity: error
              unused-provider: error
            """)
        #expect(rules.rules.count == 2)
        #expect(rules.rules[0].kind == .forbiddenLookup)
        #expect(rules.rules[0].requester?.text == "Game*")
        #expect(rules.rules[0].provider?.text == "Root*")
        #expect(rules.rules[0].severity == .error)
        #expect(rules.rules[0].line == 3)
        #expect(rules.rules[1].kind == .unusedProvider)
        #expect(rules.rules[1].severity == .error)
    }

    @Test func readsEveryRuleInEveryForm() throws {
        let rules = try Self.read("""
            rules:
              forbidden-lookup:
                - requester: "Game*"
                  provider: "Root*"
                - requester: "Feature.*"
                  provider: "Payments*"
                  name: "card*"
                  severity: warning
                  paths: ["Sources/Feature/**"]
              max-hops: 2
              max-depth:
                limit: 8
                severity: warning
              max-children: {limit: 12, types: "*Holder"}
              shadowing: warning
              unused-provider:
                severity: error
                types: [Root*, App*]
              router-required: off
            """)
        #expect(rules.rules.map(\.kind) == [.forbiddenLookup, .forbiddenLookup, .maxHops, .maxDepth, .maxChildren, .shadowing, .unusedProvider, .routerRequired])
        #expect(rules.rules[1].name?.text == "card*")
        #expect(rules.rules[1].scope.paths.map(\.text) == ["Sources/Feature/**"])
        #expect(rules.rules[2].limit == 2 && rules.rules[2].severity == .error)
        #expect(rules.rules[3].limit == 8 && rules.rules[3].severity == .warning)
        #expect(rules.rules[4].scope.types.map(\.text) == ["*Holder"])
        #expect(rules.rules[6].scope.types.map(\.text) == ["Root*", "App*"])
        #expect(rules.active.count == 7, "router-required is off")
        #expect(try Self.read("rules:\n").rules.isEmpty)
        #expect(try Self.read("rules: {}\n").rules.isEmpty)
    }

    @Test(arguments: [
        ("rules:\n  unused-providr: error\n", "graphinspect.yml:2:3: unknown rule `unused-providr` (did you mean `unused-provider`?); expected one of: forbidden-lookup, max-hops, max-depth, max-children, max-fan-in, max-fan-out, shadowing, unused-provider, router-required, closure-cycle, max-main-thread-ms."),
        ("rules:\n  shadowing: eror\n", "graphinspect.yml:2:14: unknown severity `eror` (did you mean `error`?); expected error, warning or off."),
        ("rules:\n  forbidden-lookup:\n    - requester: \"Game(*\"\n", "graphinspect.yml:3:18: `requester` is Game(*; expected a type name or pattern: letters, digits, _, `*` (any run of characters) and `?` (one); a dot to match a module (`GameKit.*`)."),
        ("rules:\n  max-hops: [1\n", "graphinspect.yml:3:1: not valid YAML: while parsing a flow sequence did not find expected ',' or ']'. Fix the line, or check it with a YAML linter."),
        ("rules:\n  max-hops: error\n", "graphinspect.yml:2:13: max-hops needs `limit`: the most allowed, a whole number (`limit: 3`)."),
        ("rules:\n  max-depth:\n    severity: warning\n", "graphinspect.yml:3:5: max-depth needs `limit`: the most allowed, a whole number (`limit: 3`)."),
        ("rules:\n  max-depth: 0\n", "graphinspect.yml:2:14: `limit` is 0; expected a whole number of at least 1."),
        ("rules:\n  max-hops: {limit: two}\n", "graphinspect.yml:2:21: `limit` is two; expected a whole number."),
        ("rules:\n  shadowing:\n    severity: warning\n    typez: [A]\n", "graphinspect.yml:4:5: unknown key `typez` in shadowing (did you mean `types`?); expected: severity, types, paths."),
        ("rules:\n  forbidden-lookup:\n    - severity: error\n", "graphinspect.yml:3:7: forbidden-lookup needs `requester` or `provider`."),
        ("rules:\n  forbidden-lookup:\n    requester: \"Game*\"\n    provider: \"Root*\"\n", "graphinspect.yml:3:5: `forbidden-lookup` is a mapping; expected a list of entries, each a mapping: begin each with `- ` (`- requester: \"Game*\"`)."),
        ("rules:\n  forbidden-lookup: error\n", "graphinspect.yml:2:21: `forbidden-lookup` is error; expected a list of entries, each a mapping (`- requester: \"Game*\"`)."),
        ("rule:\n  shadowing: error\n", "graphinspect.yml:1:1: unknown key `rule` in the rules file (did you mean `rules`?); expected: rules."),
        ("- shadowing\n", "graphinspect.yml:1:1: expected a mapping `rules:` at the top, holding the rules by id; found a list. See docs/rules.md."),
        ("", "graphinspect.yml:1:1: expected a mapping `rules:` at the top, holding the rules by id; found an empty file. See docs/rules.md."),
        ("rules:\n  shadowing: error\n  shadowing: warning\n", "graphinspect.yml:2:3: not valid YAML: a key given twice in one mapping: shadowing. Fix the line, or check it with a YAML linter."),
        ("rules:\n  shadowing:\n    paths: \"\"\n", "graphinspect.yml:3:12: `paths` is ; expected a path or pattern: `*` within a folder, `**` across folders (`Sources/Game/**`)."),
        ("rules:\n  shadowing: \"error\\nwarning\"\n", "graphinspect.yml:2:14: unknown severity `error\\nwarning`; expected error, warning or off."),
    ])
    func aMistakeIsOneErrorAtItsPlace(yaml: String, expected: String) {
        #expect(Self.error(yaml) == expected)
    }

    @Test func patternsMatchTypesModulesNamesAndPaths() throws {
        let game = try #require(TypePattern("Game*"))
        #expect(game.matches(qualifiedType: "App.GameComponent"))
        #expect(!game.matches(qualifiedType: "App.LobbyComponent"))
        let module = try #require(TypePattern("GameKit.*"))
        #expect(module.matches(qualifiedType: "GameKit.BoardComponent"))
        #expect(!module.matches(qualifiedType: "App.GameKitComponent"))
        #expect(try #require(TypePattern("?oot*")).matches(qualifiedType: "App.RootComponent"))
        #expect(TypePattern("") == nil && TypePattern("Game<*>") == nil && TypePattern(".Game") == nil && TypePattern("a..b") == nil)
        let feature = try #require(PathPattern("Sources/Game/**"))
        #expect(feature.matches(path: "Sources/Game/Board/Board.swift"))
        #expect(feature.matches(path: "./Sources/Game/Game.swift"))
        #expect(!feature.matches(path: "Sources/Gamer/Game.swift"))
        let swift = try #require(PathPattern("Sources/**/*.swift"))
        #expect(swift.matches(path: "Sources/A.swift"))
        #expect(swift.matches(path: "Sources/A/B/C.swift"))
        #expect(!swift.matches(path: "Sources/A/B/C.swiftx"))
        let one = try #require(PathPattern("Sources/*.swift"))
        #expect(one.matches(path: "Sources/A.swift") && !one.matches(path: "Sources/A/B.swift"))
        // Many stars against a long name: linear work, no blow-up.
        let stars = try #require(TypePattern(String(repeating: "a*", count: 40) + "b"))
        #expect(!stars.matches(qualifiedType: "M." + String(repeating: "a", count: 5_000)))
        #expect(try #require(NamePattern("card*")).matches("cardReader"))
    }

    /// An alias reads as the value it names; an alias bomb (each level naming the one before
    /// nine times) is refused once it passes the value limit, not expanded.
    @Test func aliasesReadAsTheirValueAndABombIsRefused() throws {
        let rules = try Self.read("rules:\n  shadowing: &level error\n  unused-provider: *level\n")
        #expect(rules.rules.map(\.severity) == [.error, .error])
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n" }
        let message = Self.error(bomb)
        #expect(message.contains("more than 100000 values"), "\(message)")
    }

    @Test func aHugeDocumentIsRefused() {
        let items = (0..<100_001).map { "    - A\($0)" }.joined(separator: "\n")
        let message = Self.error("rules:\n  shadowing:\n    types:\n" + items + "\n")
        #expect(message.contains("more than 100000 values"), "\(message)")
    }
}
