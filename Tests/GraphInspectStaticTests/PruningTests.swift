import Foundation
@testable import GraphInspectStatic
import Testing

/// `check` runs only the steps a coarse run finds can change its result (`Relevance`). That must
/// change nothing: on every app the tests know, and on real code, the pruned reading and the full
/// one agree on every diagnostic, fact, count and node.
@Suite struct PruningTests {
    /// Folders read as one app each (module from the folder rule, as the CLI reads them).
    static let folders = [
        "Sources/GraphInspectSample", "Sources/GraphInspectSample/School", "Sources/GraphInspectSample/Screen",
        "Sources/GraphInspectSample/SignUp", "Examples/SeedArticle", "Examples/Sample", "Examples/DyingSample",
        "Examples/ReadmeExample", "Examples/Consumer/Sources", "Examples/Styles",
        // Real code that is not an app: the runtime's own sources, and swift-syntax's parser when checked out.
        "Sources/GraphInspect", ".build/checkouts/swift-syntax/Sources/SwiftParser",
    ] + ["cycle", "holder-made-by-a-builder", "needle-root", "nested-names", "nothing-placed", "shadowed-computed", "sibling-provider", "typo",
         "unmade-component", "untaken-branch", "wrong-type", "wider-provider", "untyped-lookup", "if-debug", "literal-branch"].map { "Tests/GraphInspectStaticTests/Fixtures/" + $0 }

    @Test(arguments: folders)
    func prunedReadingIsTheFullReading(folder: String) throws {
        let path = FidelityTests.root.appendingPathComponent(folder).path
        guard FileManager.default.fileExists(atPath: path) else { return }
        let files = try StaticReader.files(in: [path])
        let pruned = StaticReader.graph(of: files, pruning: .always)
        let full = StaticReader.graph(of: files, pruning: .never)
        #expect(pruned.diagnostics.map { $0.formatted() } == full.diagnostics.map { $0.formatted() }, "\(folder)")
        #expect(pruned.facts == full.facts, "\(folder)")
        var summary = pruned.summary
        summary.filesNotReached = 0
        #expect(summary == full.summary, "\(folder)")
        #expect(pruned.snapshot == full.snapshot, "\(folder)")
        #expect(pruned.lookupPositions == full.lookupPositions, "\(folder)")
    }

    /// The style apps as their targets are (two modules declaring one type name).
    @Test(arguments: StyleFidelityTests.styles)
    func prunedStyleReadingIsTheFullReading(style: StyleFidelityTests.Style) throws {
        let files = try StyleFidelityTests.files(style)
        let pruned = StaticReader.graph(of: files, pruning: .always)
        let full = StaticReader.graph(of: files, pruning: .never)
        #expect(pruned.diagnostics.map { $0.formatted() } == full.diagnostics.map { $0.formatted() })
        #expect(pruned.facts == full.facts)
        #expect(pruned.snapshot == full.snapshot)
    }

    /// Code no component reaches is not run: of an app with a component and an unrelated text
    /// formatter, only the component's side is relevant (and the formatter's key helper, whose
    /// string becomes a lookup's name, is).
    @Test func codeNoComponentReachesIsNotRun() throws {
        let app = """
            import GraphInspect
            final class Keys { func name() -> String { "payments" } }
            final class Formatter {
                var width = 4
                func pad(_ text: String) -> String { text + String(repeating: " ", count: width) }
                func twice(_ text: String) -> String { pad(pad(text)) }
            }
            final class AppComponent: Component, RootComponent {
                init() { super.init(parent: nil) }
            }
            let root = AppComponent()
            let formatted = Formatter().twice("x")
            let _: Int = root.resolve(Keys().name(), as: Int.self)
            """
        var reader = SourceReader()
        reader.read(source: RuntimeDeclarations.source, path: "<GraphInspect>", module: RuntimeDeclarations.module, isLibrary: true)
        reader.read(source: app, path: "App.swift", module: "App")
        let coarse = FlowAnalysis(reader: reader, mode: .coarse)
        coarse.run()
        let relevance = try #require(coarse.learntRelevance())
        func ids(_ type: String) -> Set<Int> {
            let decl = reader.types[type]
            return Set(((decl?.initializers ?? []) + (decl?.methods.values.flatMap { $0 } ?? [])).map(\.id))
        }
        #expect(ids("Formatter").isDisjoint(with: relevance.functions))
        #expect(ids("Keys").isSubset(of: relevance.functions))
        #expect(ids("AppComponent").isSubset(of: relevance.functions))
    }

    /// Modules that cannot see GraphInspect, directly or through a chain of imports either way,
    /// are not read; a module sees it by importing it (any import form) or by naming a library
    /// type in an inheritance list (the library re-exported by a module not read).
    @Test func modulesThatCannotSeeTheLibraryAreNotRead() {
        func file(_ module: String, _ text: String) -> StaticReader.SourceFile {
            StaticReader.SourceFile(path: "\(module)/File.swift", module: module, text: text)
        }
        let files = [
            file("App", "import Foundation\n@testable import GraphInspect\nimport Util\n"),
            file("Util", "import Foundation\npublic struct Stack<T> { var items: [T] = [] }\n"),
            file("Tools", "import struct Util.Stack\n"),
            file("Feature", "import Core\n    final class Cart: Component, Sendable {\n"),
            file("Core", "// re-exports the library from a package not read\n"),
            file("Other", "import Foundation\nlet x: [String: Int] = [:]\nfinal class Y: NSObject {}\n"),
            file("Lone", "import Foundation\n"),
        ]
        let reach = ModuleReach(files)
        #expect(reach.reached == ["App", "Util", "Tools", "Feature", "Core"])
        let graph = StaticReader.graph(of: files)
        #expect(graph.summary.files == 7)
        #expect(graph.summary.filesNotReached == 2)
    }
}
