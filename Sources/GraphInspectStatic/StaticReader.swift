import Foundation
import GraphInspect
import GraphInspectCheckContract

/// `graphinspect check`'s engine: finds Swift files, reads them, and builds the static graph.
public enum StaticReader {
    /// One Swift file to read, with the module (target) it belongs to.
    public struct SourceFile: Sendable {
        public var path: String
        public var module: String
        public var text: String

        public init(path: String, module: String, text: String) {
            self.path = path
            self.module = module
            self.text = text
        }
    }

    /// Why sources could not be read.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case noSuchPath(String)
        case unreadable(String, reason: String)
        case noSwiftFiles([String])

        public var description: String {
            switch self {
            case .noSuchPath(let path):
                "error: \(Quoted.visible(path)) does not exist. Give the folders of your app's Swift sources (default: Sources)."
            case .unreadable(let path, let reason):
                "error: cannot read \(Quoted.visible(path)): \(reason)."
            case .noSwiftFiles(let paths):
                "error: no .swift files in \(paths.map(Quoted.visible).joined(separator: ", ")). Give the folders of your app's Swift sources (default: Sources)."
            }
        }
    }

    /// The `.swift` files under `paths` (files or folders, symbolic links followed, each file read
    /// once; hidden folders and `.build` skipped: `SourceFolderWalk`), sorted, each with its module:
    /// the folder under `Sources/`, else the folder given.
    public static func files(in paths: [String]) throws(ReadError) -> [SourceFile] {
        var found: [(path: String, module: String)] = []
        let manager = FileManager.default
        var walk = SourceFolderWalk()
        for root in paths {
            let before = walk.files.count
            try walk.walk(root)
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: root, isDirectory: &isFolder)
            // The module is read from where a linked root really is (`linked` -> `App/Sources`).
            let real = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
            let base = isFolder.boolValue ? real : (real as NSString).deletingLastPathComponent
            found += walk.files[before...].map { path in
                (path, module(of: isFolder.boolValue ? real + "/" + path.dropFirst(root.count) : real, root: base))
            }
        }
        guard !found.isEmpty else { throw .noSwiftFiles(paths) }
        var files: [SourceFile] = []
        for (path, module) in found.sorted(by: { $0.path < $1.path }) {
            guard let data = manager.contents(atPath: path) else { throw .unreadable(path, reason: "permission denied or not a file") }
            files.append(SourceFile(path: path, module: module, text: String(decoding: data, as: UTF8.self)))
        }
        return files
    }

    /// The target a file belongs to: the folder after the last `Sources/` (or `Examples/`) in
    /// its path, else the last folder of the path given.
    static func module(of path: String, root: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        if let marker = parts.lastIndex(where: { $0 == "Sources" || $0 == "Examples" }), marker + 2 < parts.count {
            return identifier(parts[marker + 1])
        }
        let rootName = (root as NSString).lastPathComponent
        return identifier(rootName.isEmpty || rootName == "." ? "App" : rootName)
    }

    /// A folder name as SwiftPM makes it a module name: anything not a letter, digit or `_`
    /// becomes `_` (`my-app` is `my_app`).
    static func identifier(_ name: String) -> String {
        var result = String(name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" ? Character($0) : "_" })
        if result.first?.isNumber == true { result = "_" + result }
        return result
    }

    /// How much of the sources `graph(of:)` reads and runs. The result is the same in every mode
    /// (`PruningTests`); only the cost differs.
    public enum Pruning: Sendable {
        /// Modules that cannot see GraphInspect are not read (`ModuleReach`); a coarse run decides
        /// what the exact one runs (`Relevance`) when that is cheaper (`RelevanceCost`).
        case automatic
        /// Both, always.
        case always
        /// Everything read and run.
        case never
    }

    /// Reads `files` and builds their static graph.
    public static func graph(of given: [SourceFile], pruning: Pruning = .automatic) -> StaticGraph {
        let files: [SourceFile]
        if pruning == .never {
            files = given
        } else {
            let reach = ModuleReach(given)
            files = given.filter { reach.reached.contains($0.module) }
        }
        var reader = SourceReader()
        reader.read(source: RuntimeDeclarations.source, path: "<GraphInspect>", module: RuntimeDeclarations.module, isLibrary: true)
        let scope = ModuleScope(files)
        for file in files { reader.read(source: file.text, path: file.path, module: file.module, scope: scope) }
        var relevance: Relevance?
        let coarseRun = switch pruning {
        case .never: false
        case .always: true
        case .automatic: RelevanceCost.worthACoarseRun(reader, index: TypeIndex(types: reader.types, shadowed: reader.shadowed))
        }
        if coarseRun {
            let coarse = FlowAnalysis(reader: reader, mode: .coarse)
            coarse.run()
            relevance = coarse.learntRelevance()
        }
        let analysis = FlowAnalysis(reader: reader, mode: .exact(relevance))
        analysis.run()
        var builder = StaticGraphBuilder(analysis: analysis)
        var graph = builder.build(files: given.count)
        graph.summary.filesNotReached = given.count - files.count
        return graph
    }
}
