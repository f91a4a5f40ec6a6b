import Foundation
import GraphInspect

/// A trace read as it arrives, one line at a time (`graphinspect live` follows a file or a
/// connection): each line is accepted or refused on its own, as `TraceReader` would judge it, and
/// the snapshot so far can be taken at any moment.
///
/// A refused line changes nothing, so a hostile or broken line from a connecting app costs that
/// line, not the stream. `{"event":"dropped","lines":N}` (a live stream's gap, docs/trace-format.md)
/// moves the line count on by N, so later `repeated` lines still name the right lines.
public struct TraceStream: Sendable {
    public enum Outcome: Sendable, Equatable {
        case accepted
        /// A live stream's gap of this many lines.
        case gap(Int)
        case refused(TraceError)
    }

    private var parser: TraceParser
    /// The number the next line gets (the header is 1).
    public private(set) var nextLine = 1
    /// Lines refused so far, and lines the sender said it dropped.
    public private(set) var refused = 0
    public private(set) var dropped = 0

    public init(name: String) {
        parser = TraceParser(path: name)
    }

    /// Reads one line (without its newline).
    public mutating func feed(_ line: [UInt8]) -> Outcome {
        if let gap = Self.gapLength(line) {
            dropped += gap
            nextLine += gap
            return .gap(gap)
        }
        let number = nextLine
        nextLine += 1
        guard line.count <= TraceReader.maxLineBytes else {
            refused += 1
            return .refused(TraceError(path: parser.path, line: number, problem: .lineTooLong(TraceReader.maxLineBytes)))
        }
        var failure: TraceError?
        line.withUnsafeBytes { bytes in
            do throws(TraceError) {
                try parser.consume(line: bytes, number: number, complete: true)
            } catch {
                failure = error
            }
        }
        guard let failure else { return .accepted }
        refused += 1
        return .refused(failure)
    }

    /// The graph as the lines so far describe it; nil before the header.
    public var snapshot: GraphSnapshot? {
        try? parser.finish(lineCount: nextLine - 1).snapshot
    }

    private static let gapPrefix = Array(#"{"event":"dropped","lines":"#.utf8)

    /// `{"event":"dropped","lines":N}`, without its newline: the one spelling `gapLength` reads.
    public static func gapLine(_ lines: Int) -> [UInt8] {
        gapPrefix + Array("\(lines)}".utf8)
    }

    /// N, when `line` is exactly `{"event":"dropped","lines":N}`.
    public static func gapLength(_ line: [UInt8]) -> Int? {
        guard line.count > gapPrefix.count + 1, line.starts(with: gapPrefix), line.last == UInt8(ascii: "}") else { return nil }
        let digits = line[gapPrefix.count..<(line.count - 1)]
        guard digits.count <= 12, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}
