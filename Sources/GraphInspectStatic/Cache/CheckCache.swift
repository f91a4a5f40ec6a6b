import Foundation
import GraphInspect
import GraphInspectCheckContract

/// `check --cache-path DIR`: what each file contributed to the last reading (`FileContribution`),
/// keyed by everything that decides it (its text, path and module, its module's scope), with the
/// shape of each (`FileContribution.shapeKey`); each file's `FileScan` keyed by its text; and the
/// last reading itself (`LastReading`). A run over unchanged files, or files edited in ways that
/// cannot change the reading, prints and draws the last reading; a one-file edit otherwise parses
/// that file and runs the analysis again.
///
/// Two files in DIR, each written whole (a temporary file renamed over it) and framed by
/// `CacheFile`: `graphinspect-check.cache` (the contributions) and
/// `graphinspect-check-reading.cache` (the last reading: small, so an unchanged build reads only
/// it). A file that is cut short, corrupt, written by a reader built from other sources, or cannot
/// be written is ignored, with one line saying so (`Problem`): the reading is then the same as
/// with no cache, never a different one. Two runs at once over one folder each write whole files,
/// each self-checked: the last rename wins, and either file read back is whole.
public final class CheckCache {
    /// Bump when what a `FileContribution` holds, or how it is written, changes.
    static let formatVersion: UInt64 = 6
    static let fileName = "graphinspect-check.cache"
    static let readingFileName = "graphinspect-check-reading.cache"
    static let analysisFileName = "graphinspect-check-analysis.cache"

    /// Why the cache was not used, or not kept.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        case corrupt(path: String)
        case otherBuild(path: String)
        case unreadable(path: String, reason: String)
        case unwritable(path: String, reason: String)

        public var description: String {
            switch self {
            case .corrupt(let path):
                "warning: graphinspect check: ignored the cache \(Quoted.visible(path)): it is cut short or corrupt. Every file was read; the cache is written again."
            case .otherBuild(let path):
                "warning: graphinspect check: ignored the cache \(Quoted.visible(path)): a graphinspect built from other sources wrote it. Every file was read; the cache is written again."
            case .unreadable(let path, let reason):
                "warning: graphinspect check: ignored the cache \(Quoted.visible(path)): \(reason). Every file was read."
            case .unwritable(let path, let reason):
                "warning: graphinspect check: cannot write the cache \(Quoted.visible(path)): \(reason). The findings are complete; the next run reads every file again."
            }
        }

        /// Whether the cache was ignored (rather than not written).
        var ignoresTheCache: Bool {
            if case .unwritable = self { false } else { true }
        }
    }

    /// The contributions file's path.
    let path: String
    let readingPath: String
    /// The analysis's fixed point for the last reading's files (`SettledState`).
    let analysisPath: String
    public private(set) var problems: [Problem] = []
    /// The identity of the reader that writes and reads it (`currentBuild`).
    private let build: String
    /// The contributions file, read on first use: its bytes, and where each key's are.
    private var loaded: (bytes: [UInt8], stored: [CacheKey: Range<Int>])?
    /// What this run used or read, to be written.
    private var kept: [CacheKey: ArraySlice<UInt8>] = [:]
    private var keptOrder: [CacheKey] = []
    private var newRun: LastReading?
    private var newState: (key: CacheKey, state: SettledState)?
    /// The fixed point asked for last, and what the analysis file held for it (nil: another
    /// key's, none, or corrupt).
    private var settled: (key: CacheKey, state: SettledState?)?
    /// The last reading as this run read it (`lastReading`).
    private var readingRead: LastReading??
    /// The contributions file being written while the analysis runs (`startSavingContributions`).
    private var contributionsWriting: DispatchGroup?
    /// Whether the last findings were used whole, so the files on disk are what `save` would write.
    private var reusedWhole = false
    /// How many contributions came from the cache and how many were read, for tests and the benchmark.
    public private(set) var hits = 0
    public private(set) var misses = 0

    /// The cache in `directory` (created when missing, on `save`); nothing is read until asked.
    public init(directory: String, build: String = CheckCache.currentBuild) {
        path = (directory as NSString).appendingPathComponent(Self.fileName)
        readingPath = (directory as NSString).appendingPathComponent(Self.readingFileName)
        analysisPath = (directory as NSString).appendingPathComponent(Self.analysisFileName)
        self.build = build
    }

    /// Notes a problem once: a cache ignored is one problem however many of its files are
    /// damaged, unreadable or another build's (the first found names it), and a file that can be
    /// neither read nor written is one (it cannot be written).
    private func note(_ problem: Problem) {
        if problem.ignoresTheCache, problems.contains(where: \.ignoresTheCache) { return }
        if case .unwritable(let path, _) = problem {
            problems.removeAll { if case .unreadable(path, _) = $0 { true } else { false } }
        }
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// The body of the file at `path` when it is this build's and whole; nil (a problem noted
    /// when there was a file) otherwise.
    private func body(of path: String) -> (bytes: [UInt8], range: Range<Int>)? {
        switch CacheFile.read(path, build: build) {
        case .missing: return nil
        case .unreadable(let reason): note(.unreadable(path: path, reason: reason))
        case .corrupt: note(.corrupt(path: path))
        case .otherBuild: note(.otherBuild(path: path))
        case .body(let bytes, let range): return (bytes, range)
        }
        return nil
    }

    private func contributions() -> (bytes: [UInt8], stored: [CacheKey: Range<Int>]) {
        if let loaded { return loaded }
        var table: (bytes: [UInt8], stored: [CacheKey: Range<Int>]) = ([], [:])
        if let (bytes, range) = body(of: path) {
            do {
                var input = CacheBytesReader(bytes, from: range.lowerBound, to: range.upperBound)
                var stored: [CacheKey: Range<Int>] = [:]
                for _ in 0..<(try input.count(each: 17)) {
                    let key = CacheKey(high: try input.word(), low: try input.word())
                    let payload = try input.raw()
                    stored[key] = payload.startIndex..<payload.endIndex
                }
                guard input.isAtEnd else { throw CacheBytesReader.Malformed() }
                table = (bytes, stored)
            } catch {
                note(.corrupt(path: path))
            }
        }
        loaded = table
        return table
    }

    /// The contributions kept under `keys`, in order, read back on up to `threads` threads (an edited
    /// build reads thousands; reading each back is the most of what it does beside the analysis);
    /// nil for a key with none, or whose bytes do not read back whole (which the file's digest
    /// makes a bug, not a disk's doing).
    func contributions(for keys: [CacheKey], threads: Int) -> [FileContribution?] {
        let (bytes, stored) = contributions()
        let ranges = keys.map { stored[$0] }
        let read = ParallelWork.map(keys.count, threads: threads) { index -> FileContribution? in
            guard let range = ranges[index] else { return nil }
            var input = CacheBytesReader(bytes, from: range.lowerBound, to: range.upperBound)
            guard let value = try? FileContribution.read(from: &input), input.isAtEnd else { return nil }
            return value
        }
        for (index, found) in read.enumerated() {
            guard found != nil, let range = ranges[index] else { continue }
            keep(keys[index], bytes[range])
            hits += 1
        }
        return read
    }

    /// The bytes of the contribution this run read or stored under `key`, as the cache keeps them.
    func keptContribution(_ key: CacheKey) -> [UInt8]? {
        kept[key].map(Array.init)
    }

    /// Keeps what a file just read contributed.
    func store(_ contribution: FileContribution, for key: CacheKey) {
        store(for: key) { contribution.write(to: &$0) }
        misses += 1
    }

    /// The scan kept under `key`, read back; nil when there is none.
    func scan(for key: CacheKey) -> FileScan? {
        entry(for: key) { try FileScan.read(from: &$0) }
    }

    /// Keeps a file's scan.
    func store(_ scan: FileScan, for key: CacheKey) {
        store(for: key) { scan.write(to: &$0) }
    }

    /// The entry under `key` read back whole by `read`, and kept for the next save; nil when there
    /// is none or it does not read back whole.
    private func entry<Value>(for key: CacheKey, read: (inout CacheBytesReader) throws -> Value) -> Value? {
        let (bytes, stored) = contributions()
        guard let range = stored[key] else { return nil }
        var input = CacheBytesReader(bytes, from: range.lowerBound, to: range.upperBound)
        guard let value = try? read(&input), input.isAtEnd else { return nil }
        keep(key, bytes[range])
        return value
    }

    /// Keeps the entry `write` writes under `key`.
    private func store(for key: CacheKey, write: (inout CacheBytesWriter) -> Void) {
        var out = CacheBytesWriter()
        write(&out)
        keep(key, out.bytes[...])
    }

    private func keep(_ key: CacheKey, _ bytes: ArraySlice<UInt8>) {
        if kept.updateValue(bytes, forKey: key) == nil { keptOrder.append(key) }
    }

    /// The last reading kept, when there is one and it reads back whole; read once a run, until
    /// this run writes another.
    func lastReading() -> LastReading? {
        if let readingRead { return readingRead }
        let last = readLastReading()
        readingRead = .some(last)
        return last
    }

    private func readLastReading() -> LastReading? {
        guard let (bytes, range) = body(of: readingPath) else { return nil }
        var input = CacheBytesReader(bytes, from: range.lowerBound, to: range.upperBound)
        do {
            let last = try LastReading.read(from: &input)
            guard input.isAtEnd else { throw CacheBytesReader.Malformed() }
            return last
        } catch {
            note(.corrupt(path: readingPath))
            return nil
        }
    }

    /// The analysis's fixed point kept for the files of `key` (`LastReading.analysedKey`), read
    /// back whole; nil when the file holds none for them (another reading's, or none).
    /// Read once for a key: a run that judges an edit more than one way asks more than once.
    func settledState(for key: CacheKey) -> SettledState? {
        if let settled, settled.key == key { return settled.state }
        let state = readSettledState(for: key)
        settled = (key, state)
        return state
    }

    private func readSettledState(for key: CacheKey) -> SettledState? {
        guard let (bytes, range) = body(of: analysisPath) else { return nil }
        var input = CacheBytesReader(bytes, from: range.lowerBound, to: range.upperBound)
        do {
            guard CacheKey(high: try input.word(), low: try input.word()) == key else { return nil }
            let state = try SettledState.read(from: &input)
            guard input.isAtEnd else { throw CacheBytesReader.Malformed() }
            return state
        } catch {
            note(.corrupt(path: analysisPath))
            return nil
        }
    }

    /// Keeps the fixed point of this run's files (`key`: their `runKey`) for the next run.
    func store(_ state: SettledState, for key: CacheKey) {
        newState = (key, state)
    }

    /// The last reading is this run's too, as it is: nothing is written.
    func reuseLastReadingWhole() {
        reusedWhole = true
    }

    /// The shape of the contribution kept under `key` (`FileContribution.shapeKey`).
    func shape(forContribution key: CacheKey) -> CacheKey? {
        entry(for: Self.shapeKey(key)) { try $0.key() }
    }

    func store(shape: CacheKey, forContribution key: CacheKey) {
        store(for: Self.shapeKey(key)) { $0.key(shape) }
    }

    private static func shapeKey(_ contribution: CacheKey) -> CacheKey { CacheKey(["shape", contribution.description]) }

    /// Keeps this reading for the next run.
    func store(_ reading: LastReading) {
        newRun = reading
    }

    /// Writes the last reading alone: for a run whose reading is the last one, made from files
    /// whose contributions the cache need not keep again (an edit that moved lines only).
    func saveLastReadingOnly() {
        contributionsWriting = nil
        reusedWhole = false
        writeLastReading()
    }

    /// Writes what this run used: the contributions of the files it read (stale ones dropped)
    /// and its findings. A failure is a problem, not an error: the reading is complete without it.
    public func save() {
        guard !reusedWhole else { return }
        if let writing = contributionsWriting {
            writing.wait()
        } else {
            writeContributions()
        }
        writeLastReading()
        writeSettledState()
    }

    /// Writes the fixed point kept, after the reading it belongs to: a run that reads the reading
    /// and finds the fixed point of other files (two runs at once) reads from nothing.
    private func writeSettledState() {
        guard let newState, !problems.contains(where: { if case .unwritable = $0 { true } else { false } }) else { return }
        var out = CacheBytesWriter()
        out.word(newState.key.high)
        out.word(newState.key.low)
        newState.state.write(to: &out)
        do {
            try CacheFile.write(out.bytes, to: analysisPath, build: build)
        } catch {
            note(.unwritable(path: analysisPath, reason: (error as NSError).localizedDescription))
        }
    }

    private func writeLastReading() {
        // One line for a folder that cannot be written: the findings are not tried after it.
        guard let newRun, !problems.contains(where: { if case .unwritable = $0 { true } else { false } }) else { return }
        readingRead = nil
        var out = CacheBytesWriter()
        newRun.write(to: &out)
        do {
            try FileManager.default.createDirectory(atPath: (readingPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try CacheFile.write(out.bytes, to: readingPath, build: build)
        } catch {
            note(.unwritable(path: readingPath, reason: (error as NSError).localizedDescription))
        }
    }

    /// Starts writing the contributions file on a thread of its own, for a caller that has read
    /// every file and goes on to the analysis (10 MB for a 3,000-file app, written while the
    /// analysis runs); `save` waits for it, then writes the findings. The cache must not be
    /// changed until `save`.
    func startSavingContributions() {
        guard !reusedWhole, contributionsWriting == nil else { return }
        let writing = DispatchGroup()
        writing.enter()
        let cache = Unshared(self)
        let thread = Thread {
            cache.value.writeContributions()
            writing.leave()
        }
        thread.stackSize = ParallelWork.stackSize
        thread.start()
        contributionsWriting = writing
    }

    /// Writes what this run used: the contributions of the files it read (stale ones dropped).
    private func writeContributions() {
        var out = CacheBytesWriter()
        out.reserve(keptOrder.reduce(0) { $0 + 16 + (kept[$1]?.count ?? 0) + 9 })
        out.int(keptOrder.count)
        for key in keptOrder {
            out.word(key.high)
            out.word(key.low)
            out.raw(kept[key] ?? ArraySlice())
        }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try CacheFile.write(out.bytes, to: path, build: build)
        } catch {
            note(.unwritable(path: path, reason: (error as NSError).localizedDescription))
        }
    }

    /// The cache, handed to the thread that writes it while its owner does not touch it.
    private final class Unshared: @unchecked Sendable {
        let value: CheckCache
        init(_ value: CheckCache) { self.value = value }
    }

    /// This build's identity (see `build`): the cache's format and the digest of the sources the
    /// reader is built from (`ReaderSources`), so the same sources built again, anywhere and in any
    /// configuration, read the same cache, and a reader built from other sources does not.
    public static let currentBuild = identity(sources: ReaderSources.digest)

    /// The identity of a reader built from sources of this digest.
    public static func identity(sources: String) -> String {
        "graphinspect check cache, format \(formatVersion), reader sources \(sources)"
    }
}
