import Foundation
import GraphInspect
import GraphInspectCheckContract

/// `check --cache-path DIR`: what each file contributed to the last reading (`FileContribution`),
/// keyed by everything that decides it (its text, path and module, its module's scope, the cache's
/// format), and the last reading's findings, keyed by every file's key. A run over unchanged files
/// parses nothing; a one-file edit parses that file.
///
/// One file, `DIR/graphinspect-check.cache`, written whole (a temporary file renamed over it) and
/// ending in a digest of everything before it. A cache that is cut short, corrupt, written by
/// another build of graphinspect or cannot be written is ignored, with one line saying so
/// (`Problem`): the reading is then the same as with no cache, never a different one.
public final class CheckCache {
    /// Bump when what a `FileContribution` holds, or how it is written, changes.
    static let formatVersion: UInt64 = 1
    static let fileName = "graphinspect-check.cache"
    private static let magic = Array("graphinspect check cache\n".utf8)

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
                "warning: graphinspect check: ignored the cache \(Quoted.visible(path)): another build of graphinspect wrote it. Every file was read; the cache is written again."
            case .unreadable(let path, let reason):
                "warning: graphinspect check: ignored the cache \(Quoted.visible(path)): \(reason). Every file was read."
            case .unwritable(let path, let reason):
                "warning: graphinspect check: cannot write the cache \(Quoted.visible(path)): \(reason). The findings are complete; the next run reads every file again."
            }
        }
    }

    let path: String
    public private(set) var problems: [Problem] = []
    /// This build's identity: the format, graphinspect's version, and the running executable's
    /// size and modification time, so a rebuilt reader never reads what an older one kept.
    private let build: String
    private var loaded: [UInt8] = []
    /// Each kept file's key and where its contribution's bytes are in `loaded`.
    private var stored: [CacheKey: Range<Int>] = [:]
    /// What this run used or read, to be written.
    private var kept: [CacheKey: [UInt8]] = [:]
    private var keptOrder: [CacheKey] = []
    private var lastRun: (key: CacheKey, findings: CachedFindings)?
    private var newRun: (key: CacheKey, findings: CachedFindings)?
    /// How many contributions came from the cache and how many were read, for tests and the benchmark.
    public private(set) var hits = 0
    public private(set) var misses = 0

    /// The findings and summary line of a reading, kept whole for a run over the same files.
    struct CachedFindings: Equatable {
        var diagnostics: [StaticDiagnostic]
        var summary: String
    }

    /// Opens the cache in `directory` (created when missing, on `save`). Problems reading it are
    /// in `problems`; the cache is then empty.
    public init(directory: String, build: String = CheckCache.currentBuild) {
        path = (directory as NSString).appendingPathComponent(Self.fileName)
        self.build = build
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            problems.append(.unreadable(path: path, reason: "permission denied or not a file"))
            return
        }
        do {
            try load([UInt8](data))
        } catch {
            problems.append(.corrupt(path: path))
            stored = [:]
            lastRun = nil
        }
    }

    private struct OtherBuild: Error {}

    private func load(_ bytes: [UInt8]) throws {
        // magic, format version, build, entries, last run, then the digest of all before it.
        guard bytes.count >= Self.magic.count + 16, Array(bytes.prefix(Self.magic.count)) == Self.magic else { throw CacheBytesReader.Malformed() }
        let bodyEnd = bytes.count - 16
        let digest = bytes.withUnsafeBytes { CacheKey(bytes: UnsafeRawBufferPointer(rebasing: $0[..<bodyEnd])) }
        var tail = CacheBytesReader(bytes, from: bodyEnd)
        guard try CacheKey(high: tail.word(), low: tail.word()) == digest else { throw CacheBytesReader.Malformed() }
        var input = CacheBytesReader(bytes, from: Self.magic.count, to: bodyEnd)
        guard try input.word() == Self.formatVersion, try input.string() == build else {
            problems.append(.otherBuild(path: path))
            return
        }
        let count = try input.count(each: 17)
        for _ in 0..<count {
            let key = CacheKey(high: try input.word(), low: try input.word())
            let payload = try input.raw()
            stored[key] = payload.startIndex..<payload.endIndex
        }
        if try input.bool() {
            let key = CacheKey(high: try input.word(), low: try input.word())
            let diagnostics = try input.array { input throws in try input.diagnostic() }
            lastRun = (key, CachedFindings(diagnostics: diagnostics, summary: try input.string()))
        }
        guard input.isAtEnd else { throw CacheBytesReader.Malformed() }
        loaded = bytes
    }

    /// The contribution kept under `key`, read back; nil when there is none (or its bytes do not
    /// read back, which the digest makes a bug, not a disk's doing).
    func contribution(for key: CacheKey) -> FileContribution? {
        guard let range = stored[key] else { return nil }
        var input = CacheBytesReader(loaded, from: range.lowerBound, to: range.upperBound)
        guard let contribution = try? FileContribution.read(from: &input), input.isAtEnd else { return nil }
        keep(key, Array(loaded[range]))
        hits += 1
        return contribution
    }

    /// Keeps what a file just read contributed.
    func store(_ contribution: FileContribution, for key: CacheKey) {
        var out = CacheBytesWriter()
        contribution.write(to: &out)
        keep(key, out.bytes)
        misses += 1
    }

    private func keep(_ key: CacheKey, _ bytes: [UInt8]) {
        if kept.updateValue(bytes, forKey: key) == nil { keptOrder.append(key) }
    }

    /// The last reading's findings when it read exactly the files `key` names.
    func findings(for key: CacheKey) -> CachedFindings? {
        guard let lastRun, lastRun.key == key else { return nil }
        reusedWhole = true
        return lastRun.findings
    }

    /// Whether the last reading was used whole, so the cache on disk is already what `save` writes.
    private var reusedWhole = false

    /// Keeps this reading's findings for a run over the same files.
    func store(findings: CachedFindings, for key: CacheKey) {
        newRun = (key, findings)
    }

    /// Writes what this run used: the contributions of the files it read (stale ones dropped)
    /// and its findings. A failure is a problem, not an error: the reading is complete without it.
    public func save() {
        guard !reusedWhole else { return }
        var out = CacheBytesWriter()
        out.word(Self.formatVersion)
        out.string(build)
        out.int(keptOrder.count)
        for key in keptOrder {
            out.word(key.high)
            out.word(key.low)
            out.raw(kept[key] ?? [])
        }
        out.optional(newRun) { out, run in
            out.word(run.key.high)
            out.word(run.key.low)
            out.array(run.findings.diagnostics) { $0.write($1) }
            out.string(run.findings.summary)
        }
        var bytes = Self.magic + out.bytes
        let digest = bytes.withUnsafeBytes { CacheKey(bytes: $0) }
        for word in [digest.high, digest.low] {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        do {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            problems.append(.unwritable(path: path, reason: (error as NSError).localizedDescription))
        }
    }

    /// This build's identity (see `build`).
    public static let currentBuild: String = {
        var identity = "graphinspect 0.1.0 format \(formatVersion)"
        if let executable = Bundle.main.executablePath,
           let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            identity += " executable \(size) bytes, modified \(modified)"
        }
        return identity
    }()
}

extension CacheBytesWriter {
    mutating func write(_ diagnostic: StaticDiagnostic) {
        byte(diagnostic.severity == .error ? 0 : diagnostic.severity == .warning ? 1 : 2)
        write(diagnostic.position)
        string(diagnostic.message)
        array(diagnostic.details) { $0.string($1) }
    }
}

extension CacheBytesReader {
    mutating func diagnostic() throws -> StaticDiagnostic {
        let severity: StaticDiagnostic.Severity = switch try byte() {
        case 0: .error
        case 1: .warning
        case 2: .note
        default: throw Malformed()
        }
        return StaticDiagnostic(severity: severity, position: try position(), message: try string(), details: try array { input throws in try input.string() })
    }
}
