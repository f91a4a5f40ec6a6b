// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// Targets are split only where their dependencies differ (see docs/architecture.md):
// the runtime depends on nothing; the text writers depend on the runtime's model only;
// the CLI adds swift-argument-parser. Users depend on the products; the other targets are this
// repository's: the tests and the apps they run, the benchmark and the fuzzers (which reach
// modules that are not products, so a sibling package could not build them).
let package = Package(
    name: "graphinspect",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "GraphInspect", targets: ["GraphInspect"]),
        .library(name: "GraphInspectDiagram", targets: ["GraphInspectDiagram"]),
        .library(name: "GraphInspectText", targets: ["GraphInspectText"]),
        .library(name: "GraphInspectReview", targets: ["GraphInspectReview"]),
        .library(name: "GraphInspectPages", targets: ["GraphInspectPages"]),
        .library(name: "GraphInspectTrace", targets: ["GraphInspectTrace"]),
        .library(name: "GraphInspectGraphviz", targets: ["GraphInspectGraphviz"]),
        .library(name: "GraphInspectTesting", targets: ["GraphInspectTesting"]),
        .executable(name: "graphinspect", targets: ["graphinspect"]),
    ],
    // `GraphvizAttachments`: a failing golden of a graph also attaches SVGs of the expected and
    // actual graphs, drawn by Graphviz, so the test library links Graphviz's C library (as the CLI
    // does). Off by default: without it the test library needs nothing but Swift.
    traits: [
        .trait(name: "GraphvizAttachments", description: "Failing graph goldens attach SVGs drawn by Graphviz (needs libgraphviz-dev or brew's graphviz)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Reads rules files (`graphinspect.yml`); only the rules tools link it, never the runtime or
        // `swift build --product graphinspect`.
        .package(url: "https://github.com/jpsim/Yams", "6.2.2"..<"7.0.0"),
    ],
    targets: [
        // The architecture's runtime, its instrumentation and the recorder. No dependencies but a
        // little C of its own: atomic pointer operations for its lock-free cache, the runtime's
        // try-retain for the leak search, which thread is the main one (for the recorded
        // threads), and its weak way to the test library's note when it ends a test process.
        .target(name: "CGraphInspectAtomics"),
        .target(name: "GraphInspect", dependencies: ["CGraphInspectAtomics"]),
        // The diagram model a snapshot becomes, and its pure-Swift writers: DOT, Mermaid, palettes,
        // label escaping.
        .target(name: "GraphInspectDiagram", dependencies: ["GraphInspect"]),
        // The tree as text, and the seed's two flows replayed from a run.
        .target(name: "GraphInspectText", dependencies: ["GraphInspect", "GraphInspectDiagram"]),
        // What a review needs: baselines kept in git, the diff of two graphs and its Markdown comment,
        // findings as a Markdown comment.
        .target(name: "GraphInspectReview", dependencies: ["GraphInspect", "GraphInspectDiagram", "GraphInspectCheckContract"]),
        // The HTML pages (explorer, replay player): their JavaScript, CSS and markup are files in
        // Sources/GraphInspectPages/Assets, embedded into the library when it is built.
        .target(
            name: "GraphInspectPages",
            dependencies: ["GraphInspect", "GraphInspectDiagram", "GraphInspectText"],
            exclude: ["Assets"],
            plugins: ["EmbedPageAssets"]
        ),
        // The build-tool plugin that embeds the pages' assets, and the tool it runs.
        .plugin(name: "EmbedPageAssets", capability: .buildTool(), dependencies: ["graphinspect-embed"]),
        .executableTarget(name: "graphinspect-embed"),
        // Graphviz's C library (cgraph + gvc), found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // agmemread with a deterministic ID discipline and an arena per graph, so renders depend on
        // neither where malloc put names nor how fragmented the heap is.
        .target(name: "CGraphvizReader", dependencies: ["CGraphviz"]),
        // Lays DOT out and renders SVG, PNG or PDF in this process. The only target that links Graphviz.
        .target(name: "GraphInspectGraphviz", dependencies: ["CGraphviz", "CGraphvizReader"]),
        // The test library's other processes: a fresh process of the test binary (posix_spawn) or a
        // copy (fork), each bound to die with the test process.
        .target(name: "CGraphInspectProcess"),
        // Assertions on a graph in users' tests (Swift Testing and XCTest).
        .target(
            name: "GraphInspectTesting",
            dependencies: [
                "GraphInspect", "GraphInspectDiagram", "GraphInspectText", "GraphInspectReview", "CGraphInspectProcess",
                .target(name: "GraphInspectGraphviz", condition: .when(traits: ["GraphvizAttachments"])),
            ]
        ),
        // What `check` is (findings at source positions, the facts a run is held against, the
        // reader's interface), shared by the CLI and the reader.
        .target(name: "GraphInspectCheckContract", dependencies: ["GraphInspect"]),
        // The rules engine: a rules file's rules held against a graph (read from the sources or
        // recorded in a run), findings with their fix, and the baseline of known violations. The
        // YAML it is read from is parsed in GraphInspectRulesYAML, the only target that links Yams.
        .target(name: "GraphInspectRules", dependencies: ["GraphInspect", "GraphInspectCheckContract"]),
        .target(name: "GraphInspectRulesYAML", dependencies: ["GraphInspectRules", .product(name: "Yams", package: "Yams")]),
        // Questions asked of a graph (read from the sources or recorded in a run): which provider
        // answers a name, who uses a provider, what removing or moving it breaks, paths, stats.
        .target(name: "GraphInspectQuery", dependencies: ["GraphInspect", "GraphInspectCheckContract", "GraphInspectDiagram"]),
        // Reads trace files back into snapshots; uses Foundation's JSON decoder.
        .target(name: "GraphInspectTrace", dependencies: ["GraphInspect"]),
        // The bundled sample app, as a library so the CLI and tests can run it in-process.
        .target(name: "GraphInspectSample", dependencies: ["GraphInspect"]),
        // The commands, as a library so tests can drive them without spawning a process.
        .target(
            name: "GraphInspectCLI",
            dependencies: [
                "GraphInspect", "GraphInspectDiagram", "GraphInspectText", "GraphInspectReview", "GraphInspectPages",
                "GraphInspectCheckContract", "GraphInspectRules", "GraphInspectTrace", "GraphInspectQuery",
                "GraphInspectSample", "GraphInspectGraphviz", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "graphinspect", dependencies: ["GraphInspectCLI"]),
        // graphinspect with the YAML parser installed: `graphinspect dump --rules` (and why) hand
        // their arguments here, so graphinspect's own build stays free of Yams.
        .executableTarget(name: "graphinspect-rules", dependencies: ["GraphInspectCLI", "GraphInspectRulesYAML"]),
        // The bundled sample as an app of its own, and one that dies with a missing dependency.
        .executableTarget(
            name: "graphinspect-sample",
            dependencies: ["GraphInspect", "GraphInspectSample"],
            path: "Examples/Sample"
        ),
        .executableTarget(
            name: "graphinspect-sample-dying",
            dependencies: ["GraphInspect", "GraphInspectSample"],
            path: "Examples/DyingSample"
        ),
        // An app that keeps a detached module alive through a closure it stores: a leak.
        .executableTarget(name: "graphinspect-sample-leaking", dependencies: ["GraphInspect"], path: "Examples/LeakingSample"),
        // Uber's RIBs tutorial app, ported, with two leaks (a global, a closure cycle) and --fixed.
        .executableTarget(name: "graphinspect-sample-ribs", dependencies: ["GraphInspect"], path: "Examples/RIBsTicTacToe"),
        // Figures against baselines measured in the same run: `swift run -c release graphinspect-bench`.
        .executableTarget(
            name: "graphinspect-bench",
            dependencies: [
                "GraphInspect", "GraphInspectDiagram", "GraphInspectText", "GraphInspectPages", "GraphInspectTrace",
                "GraphInspectGraphviz", "CGraphvizReader", "GraphInspectTesting", "CGraphInspectProcess",
                "GraphInspectGeneratedApp", "GraphInspectQuery", "GraphInspectSample",
            ]
        ),
        // A large app in this architecture written to disk (Foundation only): the build-check
        // benchmark's, and the query tests' at a smaller size.
        .target(name: "GraphInspectGeneratedApp"),
        // Fuzz targets (scripts/fuzz builds them with -sanitize=fuzzer; built normally, each replays
        // the files it is given). The bodies are a library so the tests replay the corpus too.
        .target(
            name: "GraphInspectFuzzTargets",
            dependencies: ["GraphInspect", "GraphInspectDiagram", "GraphInspectText", "GraphInspectReview", "GraphInspectTrace", "GraphInspectLanguageServer"]
        ),
        .executableTarget(name: "fuzz-trace-reader", dependencies: ["GraphInspectFuzzTargets"]),
        .executableTarget(name: "fuzz-snapshot-decoder", dependencies: ["GraphInspectFuzzTargets"]),
        .executableTarget(name: "fuzz-line-decoder", dependencies: ["GraphInspectFuzzTargets"]),
        .executableTarget(name: "fuzz-baseline-reader", dependencies: ["GraphInspectFuzzTargets"]),
        .executableTarget(name: "fuzz-lsp-messages", dependencies: ["GraphInspectFuzzTargets"]),
        // `graphinspect lsp`: the Language Server Protocol over standard input and output, answering
        // from the static reading and the queries (the reader is installed by graphinspect-check,
        // which links swift-syntax; this target does not).
        .target(
            name: "GraphInspectLanguageServer",
            dependencies: ["GraphInspect", "GraphInspectCheckContract", "GraphInspectQuery", "GraphInspectLSPProtocol", "GraphInspectLSPTransport"]
        ),
        // The Language Server Protocol's messages the server reads and writes, as types (no
        // dependencies); and the JSON-RPC transport: framing, envelopes, dispatch by message type.
        .target(name: "GraphInspectLSPProtocol"),
        .target(name: "GraphInspectLSPTransport", dependencies: ["GraphInspectLSPProtocol"]),
        // The other architectures of the seeds, each an app of its own.
        .executableTarget(name: "graphinspect-sample-school", dependencies: ["GraphInspect", "GraphInspectSample"], path: "Examples/Sample-school"),
        .executableTarget(name: "graphinspect-sample-signup", dependencies: ["GraphInspect", "GraphInspectSample"], path: "Examples/Sample-signup"),
        .executableTarget(name: "graphinspect-sample-screen", dependencies: ["GraphInspect", "GraphInspectSample"], path: "Examples/Sample-screen"),
        // docs/modules.md's code: a holder, a module with its router and view component, and a
        // builder, as a user writes them; compiled and run by the tests.
        .executableTarget(
            name: "modules-example",
            dependencies: ["GraphInspect", "GraphInspectText"],
            path: "Examples/ModulesExample"
        ),
        // docs/modules.md's holder inside a holder: a module that holds modules of its own,
        // attached below the root holder; compiled and run by the tests.
        .executableTarget(
            name: "nested-holder-example",
            dependencies: ["GraphInspect", "GraphInspectText"],
            path: "Examples/NestedHolderExample"
        ),
        // The README's first code block, compiled and run by the tests.
        .executableTarget(
            name: "readme-example",
            dependencies: ["GraphInspect", "GraphInspectText"],
            path: "Examples/ReadmeExample"
        ),
        // Apps wired in many idioms, generated from seeds, each run to hold `check` to its run
        // (docs/check.md); the generator is in the same executable.
        .executableTarget(name: "graphinspect-wiring-corpus", dependencies: ["GraphInspect"], path: "Examples/WiringCorpus"),
        // The tests, one target for each library they test.
        .testTarget(name: "GraphInspectTests", dependencies: ["GraphInspect"]),
        .testTarget(name: "GraphInspectTraceTests", dependencies: ["GraphInspect", "GraphInspectTrace"]),
        .testTarget(
            name: "GraphInspectGraphvizTests",
            dependencies: ["GraphInspect", "GraphInspectGraphviz", "GraphInspectDiagram", "GraphInspectSample"]
        ),
        .testTarget(name: "GraphInspectTextTests", dependencies: ["GraphInspect", "GraphInspectDiagram", "GraphInspectText", "GraphInspectSample"]),
        .testTarget(name: "GraphInspectSampleTests", dependencies: ["GraphInspect", "GraphInspectSample"]),
        .testTarget(name: "GraphInspectTestingTests", dependencies: ["GraphInspect", "GraphInspectTesting", "GraphInspectSample"]),
        // What several test targets share: goldens, running the package's executables, child
        // processes, the browser. Only test targets depend on it.
        .target(name: "GraphInspectTestSupport", dependencies: ["GraphInspect"], path: "Tests/GraphInspectTestSupport"),
        // The commands as a user runs them: the programs started, their outputs whole.
        .testTarget(
            name: "GraphInspectCLITests",
            dependencies: [
                "GraphInspectCLI", "GraphInspect", "GraphInspectCheckContract", "GraphInspectDiagram", "GraphInspectFuzzTargets",
                "GraphInspectGraphviz", "GraphInspectPages", "GraphInspectReview", "GraphInspectSample", "GraphInspectTesting",
                "GraphInspectText", "GraphInspectTrace", "GraphInspectTestSupport",
            ]
        ),
        // The HTML pages: their model, their scripts in Chromium, a person's clicks through Selenium.
        .testTarget(
            name: "GraphInspectPagesTests",
            dependencies: ["GraphInspect", "GraphInspectDiagram", "GraphInspectPages", "GraphInspectTrace", "GraphInspectTestSupport"]
        ),
        // Baselines, the diff of two graphs and its Markdown comment.
        .testTarget(
            name: "GraphInspectReviewTests",
            dependencies: ["GraphInspect", "GraphInspectCheckContract", "GraphInspectCLI", "GraphInspectReview", "GraphInspectTestSupport", "GraphInspectTrace", "GraphInspectSample"]
        ),
        // The docs held true: their commands run, their generated blocks and pictures made again.
        .testTarget(
            name: "GraphInspectDocsTests",
            dependencies: ["GraphInspectCLI", "GraphInspectGraphviz", "GraphInspectReview", "GraphInspectTestSupport"]
        ),
        // The rules of graphinspect.yml: parsed, judged on graphs and on the sample.
        .testTarget(name: "GraphInspectRulesTests", dependencies: ["GraphInspect", "GraphInspectCheckContract", "GraphInspectRules", "GraphInspectRulesYAML", "GraphInspectSample"]),
    ]
)

// What needs swift-syntax or SwiftNIO; left out when GRAPHINSPECT_WITHOUT_MACROS=1, which only .ci/run's sanitizer builds set (building both with sanitizers costs minutes each).
if Context.environment["GRAPHINSPECT_WITHOUT_MACROS"] != "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"603.0.0"))
    // `graphinspect live`: an HTTP server (SwiftNIO) in an executable of its own, which
    // `graphinspect live` runs, so quickstart's `swift build --product graphinspect` never builds
    // SwiftNIO (docs/live.md). Left out of the sanitizer runs with swift-syntax.
    package.dependencies.append(.package(url: "https://github.com/apple/swift-nio", "2.101.2"..<"2.102.0"))
    package.products.append(.executable(name: "graphinspect-live", targets: ["graphinspect-live"]))
    package.targets += [
        // `graphinspect live`'s server and its executable: pages fed by Server-Sent Events.
        .target(
            name: "GraphInspectLive",
            dependencies: [
                "GraphInspect", "GraphInspectTrace", "GraphInspectPages", "GraphInspectCLI",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(name: "graphinspect-live", dependencies: ["GraphInspectCLI", "GraphInspectLive"]),
        // An app that builds its tree in steps on cue, for the live page's tests.
        .executableTarget(name: "graphinspect-sample-live-steps", dependencies: ["GraphInspect"], path: "Examples/LiveSteps"),
    ]
    package.targets.first { $0.name == "GraphInspectCLITests" }?.dependencies += ["GraphInspectStyleTicTacToe"]
    package.targets.append(
        // The live page's server: its stream, its pages in a browser, the processes it runs.
        .testTarget(name: "GraphInspectLiveTests", dependencies: ["GraphInspectCLI", "GraphInspectLive", "GraphInspectTestSupport"])
    )
    package.products.append(.library(name: "GraphInspectMacros", targets: ["GraphInspectMacros"]))
    package.products.append(.executable(name: "graphinspect-check", targets: ["graphinspect-check"]))
    // The benchmark times `check` too when swift-syntax is built.
    package.targets.first { $0.name == "graphinspect-bench" }?.dependencies += [
        "GraphInspectStatic", "GraphInspectCheckContract", "GraphInspectRules", "GraphInspectRulesYAML", "GraphInspectLanguageServer",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
    ]
    package.products.append(.plugin(name: "GraphInspectCheckPlugin", targets: ["GraphInspectCheckPlugin"]))
    package.products.append(.plugin(name: "GraphInspectBuildCheck", targets: ["GraphInspectBuildCheck"]))
    package.targets += [
        // `@Providers`: the macro (a compiler plugin) and the library that declares it.
        .macro(
            name: "GraphInspectMacroPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"), .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "GraphInspectMacros", dependencies: ["GraphInspect", "GraphInspectMacroPlugin"]),
        // The article's own example code, ported line by line: docs/seed-port.md.
        .executableTarget(
            name: "graphinspect-seed-article",
            dependencies: ["GraphInspect", "GraphInspectMacros"],
            path: "Examples/SeedArticle"
        ),
        // The seed's shapes: apps' own conformances and @Providers.
        .testTarget(name: "GraphInspectSeedShapeTests", dependencies: ["GraphInspect", "GraphInspectMacros"]),
        // `graphinspect check`: the dependency graph read from the app's sources (parsed, not
        // type-checked), so a lookup on a path no run took is caught before the app ships.
        .target(
            name: "GraphInspectStatic",
            dependencies: [
                "GraphInspect", "GraphInspectCheckContract",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // `graphinspect check` with the reader installed; `graphinspect check` execs it.
        .executableTarget(
            name: "graphinspect-check",
            dependencies: ["GraphInspectCLI", "GraphInspectCheckContract", "GraphInspectStatic", "GraphInspectRules", "GraphInspectRulesYAML", "GraphInspectLanguageServer"]
        ),
        // `graphinspect check` in every build of a target that adds it: findings at their lines, and
        // the package's graphinspect.yml rules. Its tool links the reader and the rules alone, so a
        // user's build builds no CLI, pages or Graphviz for it.
        .plugin(name: "GraphInspectBuildCheck", capability: .buildTool(), dependencies: ["graphinspect-build-check"]),
        .executableTarget(name: "graphinspect-build-check", dependencies: ["GraphInspectCheckContract", "GraphInspectStatic", "GraphInspectRules", "GraphInspectRulesYAML"]),
        // `swift package graphinspect-check` in a package that depends on this one.
        .plugin(
            name: "GraphInspectCheckPlugin",
            capability: .command(
                intent: .custom(verb: "graphinspect-check", description: "Read the package's sources and report dependency lookups no parent chain can satisfy")
            ),
            dependencies: ["graphinspect-check"]
        ),
        // Apps in other teams' styles, run and read by the fidelity tests (docs/check.md): needle's
        // names, components made by factories and closures, and two targets that each declare a
        // type of the same name.
        .target(name: "GraphInspectStyleNeedle", dependencies: ["GraphInspect"], path: "Examples/Styles/Needle"),
        .target(name: "GraphInspectStyleFactories", dependencies: ["GraphInspect"], path: "Examples/Styles/Factories"),
        .target(name: "GraphInspectStyleTargetsCore", dependencies: ["GraphInspect"], path: "Examples/Styles/TargetsCore"),
        .target(name: "GraphInspectStyleTargetsFeature", dependencies: ["GraphInspect", "GraphInspectStyleTargetsCore"], path: "Examples/Styles/TargetsFeature"),
        // needle's tic-tac-toe sample ported, for the rules: read by check and run (docs/rules.md).
        .target(name: "GraphInspectStyleTicTacToe", dependencies: ["GraphInspect"], path: "Examples/Styles/TicTacToe"),
        // The reader's tests: fixtures, the style apps read and run, pruning held to the full reading.
        .testTarget(
            name: "GraphInspectStaticTests",
            dependencies: [
                "GraphInspect", "GraphInspectStatic", "GraphInspectCheckContract", "GraphInspectSample", "GraphInspectTrace", "GraphInspectGeneratedApp",
                "GraphInspectQuery", "GraphInspectStyleNeedle", "GraphInspectStyleFactories", "GraphInspectStyleTargetsFeature",
                "GraphInspectStyleTicTacToe", "GraphInspectRules", "GraphInspectRulesYAML",
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Fixtures"]
        ),
        // The server driven as an editor drives it: through pipes by a client of the tests' own,
        // and by Neovim; and the transport's dispatch by message type, in process.
        .testTarget(
            name: "GraphInspectLanguageServerTests",
            dependencies: [
                "GraphInspect", "GraphInspectGeneratedApp", "GraphInspectLanguageServer", "GraphInspectLSPProtocol", "GraphInspectLSPTransport",
                "GraphInspectTestSupport",
            ]
        ),
        // `query`: its answers held against check run again on the edited sources, and against runs.
        .testTarget(
            name: "GraphInspectQueryTests",
            dependencies: [
                "GraphInspect", "GraphInspectQuery", "GraphInspectStatic", "GraphInspectCheckContract", "GraphInspectSample", "GraphInspectGeneratedApp",
                "GraphInspectStyleNeedle", "GraphInspectStyleFactories", "GraphInspectStyleTargetsFeature", "GraphInspectStyleTicTacToe",
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
    ]
}
