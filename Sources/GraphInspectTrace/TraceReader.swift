#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import GraphInspect

/// Reads a trace file (see docs/trace-format.md) into a snapshot, line by line.
///
/// Hostile-input safe: a cut-off last line (the recording process died mid-write) is dropped with a
/// warning; anything else wrong (not a trace, an unknown version, a malformed line, an event naming
/// an id no earlier line created) stops reading with a `TraceError` naming the line. Streams the
/// file, so memory grows with the snapshot, not the file.
public struct TraceReader {
    /// What reading produced.
    public struct Result: Sendable {
        public var header: TraceHeader
        public var snapshot: GraphSnapshot
        public var warnings: [TraceWarning]
        /// Event lines read (the header excluded).
        public var eventCount: Int
    }

    public init() {}

    /// The longest line read, in bytes (16 MiB). A real line is a few hundred bytes (a component
    /// with thousands of providers, some hundred kilobytes); a longer one means the input is not a
    /// trace (`/dev/zero`, an endless stream without newlines), and reading stops there instead of
    /// holding it all.
    public static let maxLineBytes = 16 << 20

    /// Reads the trace at `path`.
    public func read(path: String) throws(TraceError) -> Result {
        guard let file = fopen(path, "r") else {
            throw TraceError(path: path, line: 0, problem: .unreadable(String(cString: strerror(errno))))
        }
        defer { fclose(file) }
        return try read(file: file, name: path)
    }

    /// Reads a trace from an open stream (standard input, a pipe), after `prefix`, bytes already
    /// read from it; `name` stands for the path in errors and warnings.
    public func read(file: UnsafeMutablePointer<FILE>, name: String, prefix: [UInt8] = []) throws(TraceError) -> Result {
        var parser = TraceParser(path: name)
        var lines = LineSplitter()
        try lines.feed(prefix, to: &parser)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = fread(chunk.baseAddress, 1, chunk.count, file)
            if count == 0 {
                if ferror(file) != 0 {
                    throw TraceError(path: name, line: lines.lineNumber, problem: .unreadable(String(cString: strerror(errno))))
                }
                break
            }
            try lines.feed(UnsafeRawBufferPointer(rebasing: chunk[..<count]), to: &parser)
        }
        try lines.finish(&parser)
        return try parser.finish(lineCount: lines.lineNumber)
    }

    /// Reads a trace held in memory (received over a network, say); `name` stands for the path
    /// in errors and warnings.
    public func read(bytes: [UInt8], name: String) throws(TraceError) -> Result {
        var parser = TraceParser(path: name)
        var lines = LineSplitter()
        try lines.feed(bytes, to: &parser)
        try lines.finish(&parser)
        return try parser.finish(lineCount: lines.lineNumber)
    }
}

/// The reader's state machine: the header first, then events, validated as they come.
struct TraceParser {
    let path: String
    private var header: TraceHeader?
    private var builder = SnapshotBuilder()
    private var created: Set<ObjectID> = []
    private var runs: Set<ObjectID> = []
    private var warnings: [TraceWarning] = []
    private var events = 0
    private let decoder = JSONDecoder()

    init(path: String) { self.path = path }

    private struct Probe: Decodable {
        var event: String?
    }

    /// Set at the first line holding a NUL byte: where the trace's NUL padding starts, and whether
    /// a cut-off line precedes it.
    private var padding: (line: Int, cutOffLine: Bool)?
    /// The event index of each cache-hit lookup line, by line number, for `repeated` lines.
    private var hitLines: [Int: Int] = [:]

    mutating func consume(line bytes: UnsafeRawBufferPointer, number: Int, complete: Bool) throws(TraceError) {
        // A writer that died before finishing leaves its last mapped chunk as NUL bytes (see
        // MappedTraceFile): the trace ends at the first NUL. Lines after it must be padding too.
        if let padding {
            if bytes.contains(where: { $0 != 0 }) { throw TraceError(path: path, line: padding.line, problem: .nulBytes) }
            return
        }
        if let firstNUL = bytes.firstIndex(of: 0) {
            padding = (number, bytes.contains(where: { $0 != 0 }) || complete && firstNUL > 0)
            return
        }
        let data = Data(bytes)
        if header == nil {
            header = try readHeader(data, number: number)
            return
        }
        if data.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
            if complete { return }
            return // trailing whitespace without newline: nothing lost
        }
        if header!.version >= 2, let repeated = repeatedLine(bytes, { data }) {
            // A cache hit seen again: counted on the hit's first line.
            guard let line = repeated, let index = hitLines[line], builder.countRepeat(ofEventAt: index) else {
                if !complete {
                    warnings.append(TraceWarning(path: path, line: number, message: Self.cutOffMessage))
                    return
                }
                throw TraceError(path: path, line: number, problem: .badRepeat(repeated.map { "\($0)" } ?? "missing or not a number"))
            }
            events += 1
            return
        }
        let event: GraphEvent
        do {
            event = try decode(data, number: number)
        } catch where !complete {
            // Only the last line can lack its newline: the process stopped while writing it.
            warnings.append(TraceWarning(
                path: path, line: number,
                message: Self.cutOffMessage
            ))
            return
        }
        try validate(event, number: number)
        builder.apply(event)
        if case .lookup(let lookup) = event, lookup.cacheHit { hitLines[number] = builder.eventCount - 1 }
        events += 1
    }

    /// A `repeated` line's `line` field, if this is one: `{"event":"repeated","line":N}` as the
    /// writer writes it is read without a JSON decoder; any other spelling through one.
    private func repeatedLine(_ bytes: UnsafeRawBufferPointer, _ data: () -> Data) -> Int?? {
        let prefix = #"{"event":"repeated","line":"#.utf8
        if bytes.starts(with: prefix), bytes.last == UInt8(ascii: "}"), bytes.count > prefix.count + 1 {
            var number: Int? = 0
            for byte in bytes.dropFirst(prefix.count).dropLast() {
                guard let sofar = number, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), sofar < Int.max / 10 - 10 else {
                    number = nil // another spelling (an extra field, spaces): the decoder below reads it
                    break
                }
                number = sofar * 10 + Int(byte - UInt8(ascii: "0"))
            }
            if let number { return number }
        }
        guard Self.contains(bytes, Self.repeatedName),
              let repeated = try? decoder.decode(RepeatedLine.self, from: data()), repeated.event == "repeated" else { return nil }
        return .some(repeated.line)
    }

    private static let repeatedName = Array(#""repeated""#.utf8)

    /// Whether `needle` occurs in `bytes`.
    private static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var start = 0
        while let index = bytes[start...].firstIndex(of: needle[0]), index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            start = index + 1
        }
        return false
    }

    private struct RepeatedLine: Decodable {
        var event: String
        var line: Int?
    }

    func finish(lineCount: Int) throws(TraceError) -> TraceReader.Result {
        guard let header else { throw TraceError(path: path, line: 0, problem: .empty) }
        var warnings = warnings
        if let padding, padding.cutOffLine {
            warnings.append(TraceWarning(path: path, line: padding.line, message: Self.cutOffMessage))
        }
        var snapshot = builder.snapshot
        // Since version 3 a process that exits writes an `ended` line, and graphinspect writes one
        // before it ends a process itself: a trace without one stops where the process died.
        if snapshot.ending == nil, header.version >= 3 { snapshot.ending = RunEnding(how: .unfinished) }
        return TraceReader.Result(header: header, snapshot: snapshot, warnings: warnings, eventCount: events)
    }

    static let cutOffMessage = "the last line is cut off (the recording stopped while writing it); it was dropped"

    private func readHeader(_ data: Data, number: Int) throws(TraceError) -> TraceHeader {
        guard let header = try? decoder.decode(TraceHeader.self, from: data),
              header.format == TraceHeader.formatName else {
            throw TraceError(path: path, line: number, problem: .notATrace)
        }
        guard TraceHeader.readableVersions.contains(header.version) else {
            throw TraceError(path: path, line: number, problem: .unsupportedVersion(header.version))
        }
        return header
    }

    private func decode(_ data: Data, number: Int) throws(TraceError) -> GraphEvent {
        // The fast path; whatever it does not take, JSONDecoder decides (and words the error).
        if let event = data.withUnsafeBytes({ try? LineDecoder().decodeEvent(from: $0) }) { return event }
        do {
            return try decoder.decode(GraphEvent.self, from: data)
        } catch {
            // The common case pays one decode; only a bad line is looked at twice, to say why.
            throw TraceError(path: path, line: number, problem: diagnose(data, error))
        }
    }

    private func diagnose(_ data: Data, _ error: any Error) -> TraceProblem {
        guard let probe = try? decoder.decode(Probe.self, from: data) else { return .notJSON }
        guard let name = probe.event else { return .missingEventName }
        guard GraphEvent.Name(rawValue: name) != nil else { return .unknownEvent(name) }
        guard let error = error as? DecodingError else { return .notJSON }
        return Self.problem(error, event: name, data: data)
    }

    /// Turns a decoding error into "which field, and what it should have been".
    private static func problem(_ error: DecodingError, event: String, data: Data) -> TraceProblem {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            (context.codingPath + [key].compactMap { $0 }).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .badField(event: event, field: path(context, key), expected: "is missing")
        case .valueNotFound(let type, let context):
            return .badField(event: event, field: path(context), expected: "is null; expected \(Self.jsonType(type))")
        case .typeMismatch(let type, let context):
            return .badField(event: event, field: path(context), expected: "is not \(Self.jsonType(type))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation's decoder reads values lazily and throws these without a path: find the field.
            guard let bad = FieldLocator.firstBadField(in: data) else { return .notJSON }
            return .badField(event: event, field: bad.field, expected: bad.why)
        case .dataCorrupted(let context):
            return .badField(event: event, field: path(context), expected: "has an unexpected value")
        @unknown default:
            return .notJSON
        }
    }

    private static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is UInt64.Type, is Int.Type: "a non-negative integer"
        case is [Any].Type: "an array"
        default: "the expected value"
        }
    }

    private mutating func validate(_ event: GraphEvent, number: Int) throws(TraceError) {
        for (field, id) in TraceEventFields.references(of: event) where !created.contains(id) {
            throw TraceError(path: path, line: number, problem: .unknownID(event: event.name.rawValue, field: field, id: id.rawValue))
        }
        switch event {
        case .created(let node): created.insert(node.id)
        case .builderStarted(let started): runs.insert(started.run)
        case .builderFinished(let finished) where !runs.contains(finished.run):
            throw TraceError(path: path, line: number, problem: .unknownRun(finished.run.rawValue))
        default: break
        }
    }
}
