import Foundation
import Testing
import GraphInspectTestSupport

/// A needle app in the editor and in `query`: the reading is the same model as any other, so
/// hover, definition and `query provider`/`users` answer on `dependency.x` with no change to them.
@Suite(.ownThread) struct NeedleLanguageServerTests {
    static let files: [(name: String, text: String)] = [
        ("Root.swift", """
        import NeedleFoundation

        final class Network {}
        final class Clock {}

        final class RootComponent: BootstrapComponent {
            public var network: Network {
                return shared { Network() }
            }
            public var feed: FeedComponent {
                return FeedComponent(parent: self)
            }
        }
        """),
        ("Feed.swift", """
        import NeedleFoundation

        protocol FeedDependency: Dependency {
            var network: Network { get }
            var clock: Clock { get }
        }

        final class FeedComponent: Component<FeedDependency> {
            func load() {
                _ = dependency.network
            }
        }
        """),
    ]

    static func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("needle-lsp-\(UUID().uuidString)")
        let app = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for file in files { try file.text.write(to: app.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        return root
    }

    @Test func hoverAndDefinitionOnADependencyReadAndTheMissingNeedsError() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("Sources/App/Feed.swift")
        let server = try LanguageServerClient(root: folder)
        defer { server.stop() }

        let published = try server.waitForDiagnostics { $0[feed.absoluteString]?.isEmpty == false }
        let error = try #require(published[feed.absoluteString]?.first { $0["severity"] as? Int == 1 })
        #expect((error["message"] as? String)?.hasPrefix("missing dependency `clock: Clock`") == true, "\(error)")
        #expect(((error["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 4)

        // `dependency.network` on line 10 (0-based 9): hover says where it comes from.
        let position: [String: Any] = ["textDocument": ["uri": feed.absoluteString], "position": ["line": 9, "character": 25]]
        let hover = LanguageServerTests.hoverText(try server.request("textDocument/hover", position))
        #expect(hover.contains("comes from RootComponent"), "\(hover)")
        let definition = try #require(try server.request("textDocument/definition", position)["result"] as? [[String: Any]])
        #expect(definition.count == 1 && (definition.first?["uri"] as? String)?.hasSuffix("Root.swift") == true, "\(definition)")
        let line = ((definition.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
        #expect(line == 6, "RootComponent's `network`")
    }

    @Test func queryProviderAndUsersAnswerOnNeedleSources() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources").path
        let provider = try Executable.run("graphinspect", ["query", "provider", "network", "--from", "FeedComponent", "--sources", sources])
        #expect(provider.stdout.contains("comes from RootComponent"), "\(provider.stdout)")
        let users = try Executable.run("graphinspect", ["query", "users", "RootComponent.network", "--sources", sources])
        #expect(users.stdout.contains("Feed.swift:4"), "the need, \(users.stdout)")
        #expect(users.stdout.contains("Feed.swift:10"), "the read, \(users.stdout)")
    }

    /// A three-level needle app with three missing needs: `network`, which the parent declares
    /// without `public`; `clock`, which nothing declares; `theme`, which only the asking
    /// component itself declares.
    static let fixFiles: [(name: String, text: String)] = [
        ("Root.swift", """
        import NeedleFoundation

        final class Network {}
        final class Clock {}
        final class Theme {}

        final class RootComponent: BootstrapComponent {
            public var home: HomeComponent {
                return HomeComponent(parent: self)
            }
        }
        """),
        ("Home.swift", """
        import NeedleFoundation

        protocol HomeDependency: Dependency {}

        final class HomeComponent: Component<HomeDependency> {
            var network: Network {
                return shared { Network() }
            }
            public var feed: FeedComponent {
                return FeedComponent(parent: self)
            }
        }
        """),
        ("Feed.swift", """
        import NeedleFoundation

        protocol FeedDependency: Dependency {
            var network: Network { get }
            var clock: Clock { get }
            var theme: Theme { get }
        }

        final class FeedComponent: Component<FeedDependency> {
            public let theme: Theme = Theme()
            func load() {
                _ = dependency.network
            }
        }
        """),
    ]

    /// Every quick fix offered on a needle app's missing need makes needle's generated code
    /// answer it: each applied alone to a copy of the sources, `check` reads them again and the
    /// need's error is gone. None declares the need in the asking component itself.
    @Test func everyQuickFixOnANeedleAppClearsTheErrorWhenReadAgain() throws {
        func write(_ files: [(name: String, text: String)]) throws -> URL {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("needle-fix-\(UUID().uuidString)")
            let app = root.appendingPathComponent("Sources/App")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            for file in files { try file.text.write(to: app.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
            return root
        }
        let folder = try write(Self.fixFiles)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("Sources/App/Feed.swift")
        let before = try Executable.run("graphinspect", ["check", folder.appendingPathComponent("Sources/App").path])
        #expect(before.stderr.hasSuffix(": 3 errors, 0 warnings, 1 note\n"), "\(before.stdout)\(before.stderr)")
        let server = try LanguageServerClient(root: folder)
        defer { server.stop() }
        _ = try server.waitForDiagnostics { $0[feed.absoluteString]?.isEmpty == false }

        let expected = [
            "network": [
                "Make `network` public in HomeComponent, so needle's generator reads it",
                "Declare `public var network: Network` in RootComponent (shared with every component below)",
            ],
            "clock": [
                "Declare `public var clock: Clock` in HomeComponent (FeedComponent's parent on this path)",
                "Declare `public var clock: Clock` in RootComponent (shared with every component below)",
            ],
            "theme": [
                "Declare `public var theme: Theme` in HomeComponent (FeedComponent's parent on this path)",
                "Declare `public var theme: Theme` in RootComponent (shared with every component below)",
            ],
        ]
        var applied = 0
        for (name, titles) in expected.sorted(by: { $0.key < $1.key }) {
            let line = try #require(Self.fixFiles[2].text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("var \(name):") })
            let range: [String: Any] = ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]]
            let actions = try server.request("textDocument/codeAction", ["textDocument": ["uri": feed.absoluteString], "range": range, "context": ["diagnostics": []]])["result"] as? [[String: Any]] ?? []
            #expect(actions.map { $0["title"] as? String ?? "" } == titles, "`\(name)`")
            for action in actions {
                // Applied alone, to a fresh copy of the sources.
                var files = Self.fixFiles
                let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
                for (uri, edits) in changes {
                    let index = try #require(files.firstIndex { $0.name == URL(string: uri)?.lastPathComponent })
                    files[index].text = LanguageServerTests.apply(edits, to: files[index].text)
                }
                let copy = try write(files)
                defer { try? FileManager.default.removeItem(at: copy) }
                let after = try Executable.run("graphinspect", ["check", copy.appendingPathComponent("Sources/App").path])
                let title = action["title"] as? String ?? ""
                #expect(!after.stdout.contains("missing dependency `\(name): "), "\(title): \(after.stdout)")
                #expect(after.stderr.contains(": 2 errors, "), "\(title) clears one error and makes none: \(after.stdout)\(after.stderr)")
                applied += 1
            }
        }
        #expect(applied == 6)
    }
}
