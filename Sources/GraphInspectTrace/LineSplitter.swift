/// Cuts a trace's bytes into lines for the parser as they arrive, in chunks of any size: a line
/// inside one chunk goes to the parser where it lies; only a line split across chunks is copied.
/// A line longer than `TraceReader.maxLineBytes` stops reading (`TraceProblem.lineTooLong`)
/// before more of it is held.
struct LineSplitter {
    private var partial: [UInt8] = []
    private(set) var lineNumber = 0

    /// Hands `parser` each line `chunk` completes; keeps the unfinished rest.
    mutating func feed(_ chunk: UnsafeRawBufferPointer, to parser: inout TraceParser) throws(TraceError) {
        var start = 0
        while start < chunk.count {
            guard let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                try keep(chunk[start...], path: parser.path)
                return
            }
            lineNumber += 1
            if partial.isEmpty {
                try parser.consume(line: UnsafeRawBufferPointer(rebasing: chunk[start..<newline]), number: lineNumber, complete: true)
            } else {
                try keep(chunk[start..<newline], path: parser.path, line: lineNumber)
                try consumePartial(into: &parser, complete: true)
            }
            start = newline + 1
        }
    }

    /// `feed` for bytes held in an array.
    mutating func feed(_ bytes: [UInt8], to parser: inout TraceParser) throws(TraceError) {
        let failure: TraceError? = bytes.withUnsafeBytes { all in
            do throws(TraceError) {
                try feed(all, to: &parser)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Hands `parser` the last line if the input did not end with a newline (a cut-off line).
    mutating func finish(_ parser: inout TraceParser) throws(TraceError) {
        guard !partial.isEmpty else { return }
        lineNumber += 1
        try consumePartial(into: &parser, complete: false)
    }

    private mutating func keep(_ bytes: Slice<UnsafeRawBufferPointer>, path: String, line: Int? = nil) throws(TraceError) {
        guard partial.count + bytes.count <= TraceReader.maxLineBytes else {
            throw TraceError(path: path, line: line ?? lineNumber + 1, problem: .lineTooLong(TraceReader.maxLineBytes))
        }
        partial.append(contentsOf: bytes)
    }

    private mutating func consumePartial(into parser: inout TraceParser, complete: Bool) throws(TraceError) {
        let number = lineNumber
        let failure: TraceError? = partial.withUnsafeBytes { bytes in
            do throws(TraceError) {
                try parser.consume(line: bytes, number: number, complete: complete)
                return nil
            } catch {
                return error
            }
        }
        partial.removeAll(keepingCapacity: true)
        if let failure { throw failure }
    }
}
