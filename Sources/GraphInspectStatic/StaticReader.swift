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
        /// An edit `query impact` asked for could not be made to the text (`DeclarationEdit`).
        case cannotEdit(String)

        public var description: String {
            switch self {
            case .noSuchPath(let path):
                "error: \(Quoted.visible(path)) does not exist. Give the folders of your app's Swift sources (default: Sources)."
            case .unreadable(let path, let reason):
                "error: cannot read \(Quoted.visible(path)): \(reason)."
            case .cannotEdit(let reason):
                "error: cannot make the edit asked about: \(reason)"
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
        var walk = SourceFolderWalk()
        // Where each folder really is, resolved once: the build plugin names every file.
        var realFolders: [String: String] = [:]
        var modules: [String: String] = [:]
        func real(_ path: String) -> String {
            if let known = realFolders[path] { return known }
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            realFolders[path] = resolved
            return resolved
        }
        for root in paths {
            let before = walk.files.count
            let isFolder = try walk.walk(root)
            // The module is read from where a linked root really is (`linked` -> `App/Sources`):
            // a file that is no link is where its folder really is.
            let realRoot: String
            if isFolder || SourceFolderWalk.isLink(root) {
                realRoot = real(root)
            } else {
                let (folder, name) = split(root)
                realRoot = real(folder.isEmpty ? "." : folder) + "/" + name
            }
            let base = isFolder ? realRoot : split(realRoot).folder
            found += walk.files[before...].map { path in
                let located = isFolder ? realRoot + "/" + path.dropFirst(root.count) : realRoot
                // A module is its folder's (and the root's): found once a folder.
                let folderKey = split(located).folder + "\u{0}" + base
                if let known = modules[folderKey] { return (path, known) }
                let found = module(of: located, root: base)
                modules[folderKey] = found
                return (path, found)
            }
        }
        guard !found.isEmpty else { throw .noSwiftFiles(paths) }
        var files: [SourceFile] = []
        for (path, module) in found.sorted(by: { $0.path < $1.path }) {
            guard let text = SourceFolderWalk.text(of: path) else { throw .unreadable(path, reason: "permission denied or not a file") }
            files.append(SourceFile(path: path, module: module, text: text))
        }
        return files
    }

    /// A path's folder and last name, without Foundation's path normalising (which costs more
    /// than reading the file): `a/b/c.swift` is `a/b` and `c.swift`, `c.swift` is `` and `c.swift`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (slash == path.startIndex ? "/" : String(path[..<slash]), String(path[path.index(after: slash)...]))
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

    /// How a reading runs: the result is the same in every setting (`CheckCacheTests`,
    /// `PruningTests`); only the cost differs.
    public struct Options: Sendable {
        public var pruning: Pruning
        /// How many threads parse files (1: the calling thread alone).
        public var threads: Int
        /// `--cache-path`: the folder of the check cache (`CheckCache`), nil for none.
        public var cachePath: String?
        /// For a process that ends once it has the findings (the build tool, `graphinspect-check`):
        /// the sources read are left to the exit to free, which spares freeing millions of small
        /// objects one by one (`releaseMemoryLeftToExit()` frees them sooner).
        public var leavesMemoryToExit: Bool
        /// The rules the reading is held to (`StaticCheck.Request.rules`, set by the entry), their
        /// findings kept in the cached reading with the reader's.
        var rules: ReadingRules?
        /// The identity of what writes and reads the cache: the reader's (`CheckCache.currentBuild`),
        /// or a tool's that finds more than the reader does (the build tool, with its rules).
        public var cacheIdentity = CheckCache.currentBuild
        /// When set, a reading that writes the cache leaves the writing here, to be run once the
        /// reading has been used (`DeferredCacheSave.run`); nil: the cache is written before the
        /// reading is returned.
        public var deferredSave: DeferredCacheSave?

        public init(
            pruning: Pruning = .automatic, threads: Int = ProcessInfo.processInfo.activeProcessorCount, cachePath: String? = nil,
            leavesMemoryToExit: Bool = false
        ) {
            self.pruning = pruning
            self.threads = max(1, threads)
            self.cachePath = cachePath
            self.leavesMemoryToExit = leavesMemoryToExit
        }
    }

    /// Reads `files` and builds their static graph.
    public static func graph(of given: [SourceFile], pruning: Pruning = .automatic) -> StaticGraph {
        graph(of: given, options: Options(pruning: pruning))
    }

    /// Reads `files` and builds their static graph, with `cache` when one is given (left to the
    /// caller to save).
    public static func graph(of given: [SourceFile], options: Options, cache: CheckCache? = nil) -> StaticGraph {
        graph(of: prepare(given, options: options, cache: cache))
    }

    /// The sources read and reduced, before the analysis that relates them: what a check must
    /// redo after any edit, since one file can change any lookup's answer. Split out so the
    /// benchmark can time that floor alone.
    package struct PreparedSources {
        var reader: SourceReader
        let pruning: Pruning
        let given: Int
        let read: Int
        /// Every name the files read as members (`StaticReader.memberReads`).
        var memberReads: Set<String>
        /// With a cache: what the last reading keeps of each file given, in order.
        let entries: [LastReading.FileEntry]
        let scope: ModuleScope
        /// With a cache: the paths of the files that declare, extend or add members to each type.
        var typeFiles: [String: Set<String>] = [:]
        /// What each file read contributed, in the order applied: the runtime's stand-ins first,
        /// then the files given at `kept`.
        var contributions: [FileContribution] = []
        /// The indices of the files given that were read.
        var kept: [Int] = []
        /// Each file given's scan, in order.
        var scans: [FileScan] = []
        /// What the cache is still to keep of the files read (`Options.deferredSave`).
        var unsaved: [Unsaved] = []

        /// A file whose contribution (or only its shape) the cache is still to keep: its index
        /// among `contributions`, and the key it is kept under.
        struct Unsaved {
            var index: Int
            var key: CacheKey
            var storesContribution: Bool
        }
    }

    /// Leaves out modules that cannot see GraphInspect (unless `.never`), then reads the rest.
    /// `texts` are the files' text digests when the caller has them (`textKeys`).
    package static func prepare(_ given: [SourceFile], options: Options, cache: CheckCache? = nil) -> PreparedSources {
        prepare(given, options: options, cache: cache, texts: nil)
    }

    static func prepare(_ given: [SourceFile], options: Options, cache: CheckCache?, texts: [CacheKey]?) -> PreparedSources {
        let texts = texts ?? (cache == nil ? [] : textKeys(given))
        let scans = scans(given, texts: texts, threads: options.threads, cache: cache)
        var kept = Array(given.indices)
        if options.pruning != .never {
            let reach = ModuleReach(modules: given.map(\.module), scans: scans)
            kept = kept.filter { reach.reached.contains(given[$0].module) }
        }
        let files = kept.map { given[$0] }
        let scope = ModuleScope(modules: files.map(\.module), topLevelTypes: kept.map { scans[$0].topLevelTypes })
        let (reader, shapes, typeFiles, contributions, unsaved) = read(
            files, texts: texts.isEmpty ? [] : kept.map { texts[$0] }, scope: scope, threads: options.threads, cache: cache, deferring: options.deferredSave != nil
        )
        let memberReads = Self.memberReads(scans: scans, contributions: contributions)
        var entries: [LastReading.FileEntry] = []
        if cache != nil {
            var shapeOf: [Int: CacheKey] = [:]
            for (position, index) in kept.enumerated() { shapeOf[index] = shapes[position] }
            entries = given.indices.map { index in
                LastReading.FileEntry(path: given[index].path, module: given[index].module, text: texts[index], scan: scans[index].key, shape: shapeOf[index])
            }
        }
        return PreparedSources(
            reader: reader, pruning: options.pruning, given: given.count, read: files.count, memberReads: memberReads, entries: entries, scope: scope,
            typeFiles: typeFiles, contributions: contributions, kept: kept, scans: scans, unsaved: unsaved
        )
    }

    /// Every name the sources read as a member: after a dot in any file given (`MemberReads`), or
    /// with no `self.` in a member of a type in a file read (`FileContribution.selfReads`).
    static func memberReads(scans: [FileScan], contributions: [FileContribution]) -> Set<String> {
        var names: Set<String> = []
        for scan in scans { names.formUnion(scan.memberNames) }
        for contribution in contributions { names.formUnion(contribution.selfReads) }
        return names
    }

    /// Each text's digest, the cache's key for what depends on the text alone.
    static func textKeys(_ files: [SourceFile]) -> [CacheKey] {
        files.map { CacheKey([$0.text]) }
    }

    /// Each file's scan, from `cache` where it has it (by `texts`), made on `threads` otherwise.
    static func scans(_ files: [SourceFile], texts: [CacheKey], threads: Int, cache: CheckCache?) -> [FileScan] {
        guard let cache else { return ParallelWork.map(files.count, threads: threads) { FileScan(files[$0].text) } }
        let keys = texts.map { CacheKey(["scan", $0.description]) }
        var scans = keys.map { cache.scan(for: $0) }
        let missing = scans.indices.filter { scans[$0] == nil }
        for (index, scan) in zip(missing, ParallelWork.map(missing.count, threads: threads) { FileScan(files[missing[$0]].text) }) {
            scans[index] = scan
            cache.store(scan, for: keys[index])
        }
        return scans.map { $0! }
    }

    /// Runs the flow analysis over prepared sources and builds the graph.
    package static func graph(of prepared: PreparedSources) -> StaticGraph {
        analysed(prepared).graph
    }

    /// The graph of prepared sources, with the settled analysis it was drawn from and what the
    /// sources construct (what an editor's next reading may start from: `EditorSession`).
    /// `runningInertStatements`: the tests' oracle, the analysis as it runs every statement.
    static func analysed(_ prepared: PreparedSources, runningInertStatements: Bool = false) -> (graph: StaticGraph, analysis: FlowAnalysis, constructed: [String: Int]) {
        let reader = prepared.reader
        let index = TypeIndex(types: reader.types, shadowed: reader.shadowed)
        let made = Constructions.count(in: reader)
        var relevance: Relevance?
        let coarseRun = switch prepared.pruning {
        case .never: false
        case .always: true
        case .automatic: RelevanceCost.worthACoarseRun(reader, index: index, made: made)
        }
        let inert = InertStatements.of(index: index, freeFunctions: reader.freeFunctions, topLevel: reader.topLevel)
        if coarseRun {
            let coarse = FlowAnalysis(reader: reader, mode: .coarse, index: index, constructed: made, inert: inert)
            coarse.leavesOutInertStatements = !runningInertStatements
            coarse.run()
            relevance = coarse.learntRelevance()
        }
        let analysis = FlowAnalysis(reader: reader, mode: .exact(relevance), index: index, constructed: made, inert: inert)
        analysis.leavesOutInertStatements = !runningInertStatements
        analysis.run()
        return (drawn(analysis, reader: reader, prepared: prepared), analysis, made)
    }

    /// The graph a run analysis draws.
    static func drawn(_ analysis: FlowAnalysis, reader: SourceReader, prepared: PreparedSources) -> StaticGraph {
        var builder = StaticGraphBuilder(analysis: analysis)
        var graph = builder.build(files: prepared.given)
        graph.summary.filesNotReached = prepared.given - prepared.read
        graph.places.memberReads = prepared.memberReads
        graph.places.syntaxErrors = reader.syntaxErrors.sorted()
        if !prepared.typeFiles.isEmpty { graph.families = builder.componentFamilies(typeFiles: prepared.typeFiles) }
        return graph
    }

    /// The key of what a file contributes: it depends on its text (`text`, its digest), path,
    /// module and its module's scope (each module's kept in `scopeKeys`).
    static func contributionKey(path: String, module: String, text: String, scope: ModuleScope, scopeKeys: inout [String: String]) -> CacheKey {
        let scopeKey = scopeKeys[module] ?? {
            let key = scope.scope(of: module).sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value } + ["keys"] + scope.keys.sorted()
            let text = key.joined(separator: "\n")
            scopeKeys[module] = text
            return text
        }()
        return CacheKey([path, module, scopeKey, text])
    }

    /// The runtime's stand-in declarations and `files`, each taken from `cache` when it holds what
    /// the file contributes and parsed otherwise (on `threads` threads), applied in order; with a
    /// cache, the shape of what each file contributed (`FileContribution.shapeKey`), in order.
    ///
    /// `deferring`: what the cache is to keep of the files parsed (each contribution and its
    /// shape) is left for later (`unsaved`, `keepUnsaved`), so the findings come first.
    static func read(_ files: [SourceFile], texts: [CacheKey], scope: ModuleScope, threads: Int, cache: CheckCache?, deferring: Bool = false)
        -> (SourceReader, [CacheKey?], [String: Set<String>], [FileContribution], unsaved: [PreparedSources.Unsaved])
    {
        let all = [SourceFile(path: "<GraphInspect>", module: RuntimeDeclarations.module, text: RuntimeDeclarations.source)] + files
        var scopeKeys: [String: String] = [:]
        let keys: [CacheKey] = cache == nil ? [] : all.indices.map { index in
            let file = all[index]
            return contributionKey(path: file.path, module: file.module, text: index == 0 ? file.text : texts[index - 1].description, scope: scope, scopeKeys: &scopeKeys)
        }
        var contributions: [FileContribution?] = cache?.contributions(for: keys, threads: threads) ?? Array(repeating: nil, count: all.count)
        var shapes: [CacheKey?] = cache == nil ? [] : keys.indices.map { contributions[$0] == nil ? nil : cache?.shape(forContribution: keys[$0]) }
        let missing = contributions.indices.filter { contributions[$0] == nil || (cache != nil && shapes[$0] == nil) }
        let known = contributions, shaping = cache != nil && !deferring
        let parsed = ParallelWork.map(missing.count, threads: threads) { index in
            let file = all[missing[index]]
            let contribution = known[missing[index]]
                ?? FileContribution.read(source: file.text, path: file.path, module: file.module, isLibrary: missing[index] == 0, scope: scope)
            return (contribution, shaping ? contribution.shapeKey : nil)
        }
        var unsaved: [PreparedSources.Unsaved] = []
        for (index, (contribution, shape)) in zip(missing, parsed) {
            if deferring, cache != nil {
                unsaved.append(PreparedSources.Unsaved(index: index, key: keys[index], storesContribution: contributions[index] == nil))
            }
            if contributions[index] == nil {
                contributions[index] = contribution
                if !deferring { cache?.store(contribution, for: keys[index]) }
            }
            if let shape, let cache {
                shapes[index] = shape
                cache.store(shape: shape, forContribution: keys[index])
            }
        }
        var reader = SourceReader()
        var typeFiles: [String: Set<String>] = [:]
        for (index, contribution) in contributions.enumerated() {
            if cache != nil, index > 0 {
                for name in contribution!.typesTouched { typeFiles[name, default: []].insert(all[index].path) }
            }
            reader.apply(contribution!, module: all[index].module, isLibrary: index == 0)
        }
        return (reader, Array(shapes.dropFirst()), typeFiles, contributions.map { $0! }, unsaved)
    }

    /// Keeps in `cache` what `read` left unsaved, and gives the shapes of the files given that
    /// it made (by their index among `prepared.kept`).
    static func keepUnsaved(_ prepared: PreparedSources, in cache: CheckCache, threads: Int) -> [Int: CacheKey] {
        let unsaved = prepared.unsaved
        let shapes = ParallelWork.map(unsaved.count, threads: threads) { prepared.contributions[unsaved[$0].index].shapeKey }
        var made: [Int: CacheKey] = [:]
        for (entry, shape) in zip(unsaved, shapes) {
            if entry.storesContribution { cache.store(prepared.contributions[entry.index], for: entry.key) }
            cache.store(shape: shape, forContribution: entry.key)
            if entry.index > 0 { made[entry.index - 1] = shape }
        }
        return made
    }
}
