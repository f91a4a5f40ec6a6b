import Foundation
import GraphInspect
import GraphInspectCheckContract
@testable import GraphInspectStatic
import Testing

/// A needle app read as needle's generator reads it: every path's every need answered by the
/// component the generated code names, a missing one an error at its line.
@Suite struct NeedleReadingTests {
    /// Writes files into a new folder, the app's sources under `Sources/App`.
    static func folder(_ files: [(name: String, text: String)]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("needle-\(UUID().uuidString)/Sources/App")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for file in files { try file.text.write(to: root.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        return root.path
    }

    /// `check`'s reading of the sources under `path`, through the reader's one entry.
    static func read(_ path: String) throws -> StaticReading {
        try #require(try StaticCheck().run(StaticCheck.Request(paths: [path])).reading)
    }

    /// graphinspect's answer in the oracle's terms: each component node's path, and each need
    /// its lookups ask for, answered by which component type.
    static func answers(_ reading: StaticReading) -> [String: [String: String]] {
        let snapshot = reading.snapshot
        func path(_ id: ObjectID) -> String {
            var types: [String] = []
            var current: ObjectID? = id
            while let node = current.flatMap(snapshot.node) {
                types.insert(ShortTypeName.of(node.type), at: 0)
                current = node.parent
            }
            return "^->" + types.joined(separator: "->")
        }
        var result: [String: [String: String]] = [:]
        for node in snapshot.nodes where node.kind == .component { result[path(node.id)] = [:] }
        for case .lookup(let lookup) in snapshot.events {
            let answer = lookup.provider.flatMap(snapshot.node).map { ShortTypeName.of($0.type) } ?? "missing"
            result[path(lookup.requester), default: [:]][lookup.name] = answer
        }
        return result
    }

    /// Where two answers differ, one line each: `-` the oracle's, `+` graphinspect's.
    static func differences(_ read: [String: [String: String]], _ oracle: [String: [String: String]]) -> [String] {
        var lines: [String] = []
        for path in Set(read.keys).union(oracle.keys).sorted() {
            guard let mine = read[path] else { lines.append("- \(path) (not read)"); continue }
            guard let theirs = oracle[path] else { lines.append("+ \(path) (not in the generated file)"); continue }
            for need in Set(mine.keys).union(theirs.keys).sorted() where mine[need] != theirs[need] {
                lines.append("- \(path) \(need) <- \(theirs[need] ?? "nothing")")
                lines.append("+ \(path) \(need) <- \(mine[need] ?? "nothing")")
            }
        }
        return lines
    }

    @Test(arguments: [(UInt64(1), 3, 3), (UInt64(7), 5, 4), (UInt64(42), 7, 5)])
    func everyPathsEveryNeedIsAnsweredByTheComponentTheGeneratedCodeNames(seed: UInt64, layers: Int, width: Int) throws {
        let app = NeedleAppMaker(seed: seed, layers: layers, width: width)
        let generated = NeedleGeneratedFile.write(app)
        let oracle = NeedleGeneratedFile.oracle(generated)
        // The construction has what the rule must get right.
        #expect(oracle.count == app.paths().count)
        #expect(app.components.contains { $0.parents.count > 1 }, "a component reached by two paths")
        #expect(oracle.values.contains { $0.values.contains { $0 != "RootComponent" } }, "a need answered below the root (shadowing)")
        #expect(app.components.contains { !$0.inheritedNeeds.isEmpty } && app.components.contains { $0.provides.contains(where: \.inExtension) })

        let withGenerated = try Self.read(try Self.folder(app.sources() + [("NeedleGenerated.swift", generated)]))
        let differences = Self.differences(Self.answers(withGenerated), oracle)
        #expect(differences.isEmpty, "\(differences.count) differences from the generated file:\n\(differences.prefix(20).joined(separator: "\n"))")
        #expect(withGenerated.diagnostics.filter { $0.severity != .note } == [])
        let without = try Self.read(try Self.folder(app.sources()))
        #expect(Self.differences(Self.answers(without), oracle).isEmpty)
        #expect(without.diagnostics.map(\.message) == withGenerated.diagnostics.map(\.message))
        #expect(without.summary.hasSuffix(withGenerated.summary.split(separator: ",", maxSplits: 1)[1]))
    }

    /// The generated file is needle's format and says what the construction says: the app, the
    /// file and a `main.swift` that reads every need through every path compile against a
    /// NeedleFoundation stand-in (`Fixtures/needle-foundation`) and run.
    @Test func theAppAndItsGeneratedFileCompileAndRunAgainstAFoundationStandIn() throws {
        let app = NeedleAppMaker(seed: 7, layers: 5, width: 4)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/needle-foundation")
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("needle-run-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixture, to: package)
        defer { try? FileManager.default.removeItem(at: package) }
        let sources = package.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        for file in app.sources() + [("NeedleGenerated.swift", NeedleGeneratedFile.write(app)), ("main.swift", app.main())] {
            try file.1.write(to: sources.appendingPathComponent(file.0), atomically: true, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "run", "--package-path", package.path, "App"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let needs = app.paths().map { app.answers($0).count }.reduce(0, +)
        #expect(text.contains("\(needs) needs on \(app.paths().count) paths"), "\(text)")
    }

    static let small: [(name: String, text: String)] = [
        ("Services.swift", "final class Network {}\nfinal class Store {}\n"),
        ("Root.swift", """
        import NeedleFoundation

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
        }

        final class FeedComponent: Component<FeedDependency> {
            public var network: Network {
                return dependency.network
            }
            func details() -> DetailsComponent {
                DetailsComponent(parent: self)
            }
        }
        """),
        ("Details.swift", """
        import NeedleFoundation

        protocol DetailsDependency: Dependency {
            var network: Network { get }
            var store: Store { get }
        }

        final class DetailsComponent: Component<DetailsDependency> {
            var store: Store { Store() }
            func load() { _ = dependency.store }
        }

        extension FeedComponent {
            var store: Store { shared { Store() } }
        }
        """),
    ]

    @Test func aSmallAppResolvesAsNeedleDoesAndRemovingAProviderIsOneErrorAtTheNeed() throws {
        let reading = try Self.read(try Self.folder(Self.small))
        #expect(Self.answers(reading) == [
            "^->RootComponent": [:],
            "^->RootComponent->FeedComponent": ["network": "RootComponent"],
            "^->RootComponent->FeedComponent->DetailsComponent": ["network": "FeedComponent", "store": "FeedComponent"],
        ])
        #expect(reading.diagnostics == [])

        var removed = Self.small
        removed[3].text = removed[3].text.replacingOccurrences(of: "    var store: Store { shared { Store() } }\n", with: "")
        let folder = try Self.folder(removed)
        let broken = try Self.read(folder)
        let errors = broken.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.position == SourcePosition(file: folder + "/Details.swift", line: 5, column: 9))
        #expect(error.message == "missing dependency `store: Store`")
        #expect(error.details.contains("  needle: DetailsComponent's DetailsDependency needs it on the path ^->RootComponent->FeedComponent->DetailsComponent; a component's own properties never answer its own needs"))
        #expect(error.details.last == "  fix: declare `public var store: Store` in FeedComponent (DetailsComponent's parent on this path) or in RootComponent to share it with every component below")
        // The read of the need is a note that points at the error.
        #expect(broken.diagnostics.contains { $0.severity == .note && $0.position.line == 10 && $0.message.hasPrefix("`dependency.store` reads a dependency nothing answers on the path ^->RootComponent->FeedComponent->DetailsComponent") })
    }

    @Test func anInternalPropertyOfAComponentsOwnDeclarationIsNoProviderAsInNeedle() throws {
        var files = Self.small
        files[1].text = files[1].text.replacingOccurrences(of: "public var network", with: "var network")
        let reading = try Self.read(try Self.folder(files))
        let error = try #require(reading.diagnostics.first { $0.severity == .error })
        #expect(error.message == "missing dependency `network: Network`")
        #expect(error.details.contains("  needle: RootComponent declares it without `public`, and needle's generator reads only the public properties of a component's own declaration"))
    }

    @Test func aChildMadeInAWayTheGeneratorDoesNotLinkIsANoteNeverADrop() throws {
        var files = Self.small
        files[1].text = files[1].text.replacingOccurrences(of: "return FeedComponent(parent: self)", with: "return make(FeedComponent.self)")
        files.append(("Make.swift", "func make<T>(_ type: T.Type) -> T { fatalError() }\nfunc elsewhere(root: RootComponent) { _ = FeedComponent(parent: root) }\n"))
        let reading = try Self.read(try Self.folder(files))
        let notes = reading.diagnostics.filter { $0.severity == .note }.map(\.message)
        #expect(notes.contains("not checked: FeedComponent is named here as a value in RootComponent, not made by a call, so needle's generator does not link it below RootComponent"))
        #expect(notes.contains("not checked: FeedComponent is made here outside every component, so needle's generator links it to no parent"))
        #expect(notes.contains("not checked: FeedComponent is made by no component the sources read: needle's generator writes no provider for it, and its needs are not checked"))
        #expect(reading.diagnostics.allSatisfy { $0.severity == .note })
    }

    @Test func sourcesThatDoNotImportNeedleFoundationAreNotReadAsNeedle() {
        #expect(NeedleFile.importsNeedle("import Foundation\nimport NeedleFoundation\n"))
        #expect(!NeedleFile.importsNeedle("import GraphInspect\nfinal class A: Component {}\n"))
        let files = [StaticReader.SourceFile(path: "A.swift", module: "App", text: "import GraphInspect\nfinal class AppComponent: Component, RootComponent {}\n")]
        #expect(NeedleReading.graph(of: files, threads: 1) == nil)
    }
}
