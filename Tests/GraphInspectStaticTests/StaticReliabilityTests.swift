import Foundation
import GraphInspectStatic
import Testing

/// What `check` is given is anyone's code: deep chains, junk, odd names. It answers, and says what
/// it found; it never crashes or hangs. (The 10,000-deep chain is timed by the benchmark, in release.)
@Suite struct StaticReliabilityTests {
    static func graph(_ sources: [String: String]) -> StaticGraph {
        StaticReader.graph(of: sources.sorted { $0.key < $1.key }.map { StaticReader.SourceFile(path: $0.key, module: "App", text: $0.value) })
    }

    /// Ordinary code declares the same names twice (two `Constants`, two `Logger`s in one folder
    /// of examples): check merges them, which changes nothing the graph says, so it says so once in
    /// the summary instead of a note each (RIBs-iOS's 205 files gave 345 notes). A
    /// component declared twice is still noted: merging two graph types can change what is found.
    @Test func namesDeclaredTwiceOutsideTheGraphAreCountedNotListed() {
        let graph = Self.graph([
            "A.swift": "import GraphInspect\nstruct Constants { static let a = 1 }\nfinal class Logger {}\nfinal class AppComponent: Component {}\n",
            "B.swift": "struct Constants { static let b = 2 }\nfinal class Logger {}\nenum Theme { case light }\n",
            "C.swift": "enum Theme { case dark }\nimport GraphInspect\nfinal class AppComponent: Component {}\n",
        ])
        #expect(graph.summary.redeclaredOutsideTheGraph == 3)
        let notes = graph.diagnostics.filter { $0.message.contains("is also declared at") }
        #expect(notes.map(\.message) == ["assumed: AppComponent is also declared at A.swift:4:1; the reader matches types by name, so both are read as one"])
        #expect(notes.first?.position.file == "C.swift")
    }

    /// A lookup written inside a string interpolation runs as any other: checked, and a missing
    /// one found. A name built by interpolation is still not guessed.
    @Test func aLookupInsideAnInterpolationIsChecked() {
        let graph = Self.graph(["App.swift": """
            import GraphInspect

            final class AppComponent: Component, RootComponent {
                let analytics = "a"
                init() { super.init(parent: nil) }
            }

            final class Screen {
                func show(component: AppComponent, name: String) {
                    print("sent to \\(component.analytics), \\(component.payments as String)")
                    let _: String = component.resolve("\\(name)")
                }
            }

            let root = AppComponent()
            Screen().show(component: root, name: "x")
            """])
        #expect(graph.errors.map(\.message) == ["missing dependency `payments: String`"])
        #expect(graph.diagnostics.contains { $0.message.contains("`resolve` is given a name built at run time") })
        #expect(graph.summary.lookupsChecked == 1, "\(graph.summary)")
    }

    /// Builders each making the next one's component below their own: walked without recursion.
    @Test func aChainAThousandBuildersDeep() {
        var text = "import GraphInspect\n"
        let depth = 1_000
        for i in 0..<depth {
            text += "final class P\(i) {}\nfinal class C\(i): Component { let p\(i) = P\(i)() }\n"
            text += "struct B\(i) {\n    func build(parentComponent: Component) -> C\(i) {\n        let component = C\(i)(parent: parentComponent)\n"
            text += "        let _: P0 = component.p0\n"
            if i == depth - 1 { text += "        let _: Missing = component.missing\n" }
            if i + 1 < depth { text += "        _ = B\(i + 1)().build(parentComponent: component)\n" }
            text += "        return component\n    }\n}\n"
        }
        text += "final class AppComponent: Component, RootComponent { init() { super.init(parent: nil) } }\n"
        text += "let root = B0().build(parentComponent: AppComponent())\n"
        let graph = Self.graph(["Chain.swift": text])
        #expect(graph.summary.components == depth + 1)
        #expect(graph.errors.count == 1)
        #expect(graph.errors.first?.message == "missing dependency `missing: Missing`")
        #expect(graph.errors.first?.details.contains("  walked 1001 components, nearest first:") == true)
    }

    @Test func junkEmptyAndOddFilesAreReadNotFatal() {
        let junk = String(decoding: (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }, as: UTF8.self)
        let graph = Self.graph([
            "Junk.swift": junk,
            "Empty.swift": "",
            "Unclosed.swift": "final class Half: Component {\n    let x = X(\n",
            "Odd.swift": """
                import GraphInspect
                final class Café: Component, RootComponent {
                    let `class` = Thé()
                    init() { super.init(parent: nil) }
                }
                final class Thé {}
                final class Enfant: Component {}
                func start() {
                    let enfant = Enfant(parent: Café())
                    let _: Thé = enfant.class
                    let _: Thé = enfant.dé\u{202E}jà
                    _ = try? enfant.resolve("na\\"me\\n<b>", as: Thé.self)
                }
                """,
        ])
        #expect(graph.summary.components == 2)
        #expect(graph.errors.map(\.message) == [
            "missing dependency `\"dé\\u{202e}jà\": Thé`",
            "missing dependency `\"na\\\"me\\n<b>\": Thé`",
        ])
    }

    /// Twice the same input, the same output, whole: ids and order come from the source.
    @Test func outputIsDeterministic() throws {
        let files = try FidelityTests.moduleSampleFiles(withCheckout: true)
        let first = StaticReader.graph(of: files)
        let second = StaticReader.graph(of: files.reversed())
        #expect(first.snapshot == second.snapshot)
        #expect(first.diagnostics == second.diagnostics)
    }
}
