import Foundation
import GraphInspectGeneratedApp
import GraphInspectStatic

/// Every app of the repository the query tests ask: the samples, the examples, the style ports
/// and a generated app, each read as `check` reads it.
struct QueryApp: Sendable, CustomStringConvertible {
    var name: String
    var files: @Sendable () throws -> [StaticReader.SourceFile]
    /// Which component types' providers the oracles edit away, one at a time (each edit is a
    /// whole reading): every type, but in the generated app, whose features repeat one shape.
    var asks: @Sendable (_ componentType: String) -> Bool = { _ in true }
    var description: String { name }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func folder(_ path: String, excluding: [String] = []) -> QueryApp {
        QueryApp(name: path) {
            try StaticReader.files(in: [root.appendingPathComponent(path).path]).filter { file in
                !excluding.contains { file.path.contains("/\($0)/") }
            }
        }
    }

    /// Folders whose files are read with the module the folder rule gives them, as a target each.
    static func targets(_ name: String, _ targets: [(folder: String, module: String)]) -> QueryApp {
        QueryApp(name: name) {
            try targets.flatMap { target in
                try StaticReader.files(in: [root.appendingPathComponent(target.folder).path]).map {
                    StaticReader.SourceFile(path: $0.path, module: target.module, text: $0.text)
                }
            }
        }
    }

    /// The build-check benchmark's app at a size a debug test reads quickly (the oracle reads it
    /// again for each of its providers): 11 features, the fewest that keep its planted lookup of a
    /// sibling's provider, in a tree three deep, each with two sub-components (their providers
    /// all of one shape) and an ordinary file.
    static let generated = QueryApp(name: "generated app (11 features)", files: {
        // A folder of its own each time: the tests that ask for it run at once.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graphinspect-query-generated-\(UUID().uuidString)")
        var app = GeneratedApp(features: 11, ordinaryFilesPerFeature: 1)
        app.subComponents = 2
        try app.write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try StaticReader.files(in: [folder.appendingPathComponent("Sources").path])
    }, asks: { type in
        // One feature of each place in the tree: the root (0), a parent of four (1), the parent
        // of the planted pair (2), a leaf under the root (4), and the planted pair (9 asks for a
        // provider only its sibling 10 has); 3 and 5-8 repeat the leaf's shape.
        let name = type.split(separator: ".").last.map(String.init) ?? type
        let feature = Int(name.dropFirst().prefix { $0.isNumber }) ?? -1
        return [0, 1, 2, 4, 9, 10].contains(feature)
    })

    static let all: [QueryApp] = [
        folder("Sources/GraphInspectSample", excluding: ["School", "Screen", "SignUp"]),
        folder("Sources/GraphInspectSample/School"), folder("Sources/GraphInspectSample/Screen"), folder("Sources/GraphInspectSample/SignUp"),
        folder("Examples/SeedArticle"), folder("Examples/Sample"), folder("Examples/DyingSample"), folder("Examples/ReadmeExample"),
        folder("Examples/LeakingSample"), folder("Examples/RIBsTicTacToe"), folder("Examples/LiveSteps"),
        folder("Examples/Consumer/Sources"), folder("Examples/BuildCheck/Sources"), folder("Examples/MissInTests/Sources"),
        targets("needle style", [("Examples/Styles/Needle", "GraphInspectStyleNeedle")]),
        targets("factories style", [("Examples/Styles/Factories", "GraphInspectStyleFactories")]),
        targets("two targets, one type name", [("Examples/Styles/TargetsCore", "GraphInspectStyleTargetsCore"), ("Examples/Styles/TargetsFeature", "GraphInspectStyleTargetsFeature")]),
        targets("tic-tac-toe (needle's sample)", [("Examples/Styles/TicTacToe", "GraphInspectStyleTicTacToe")]),
        generated,
    ]
}
