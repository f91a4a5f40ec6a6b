/// A file's lines as bytes, for the scans made over every file before anything is parsed
/// (`ModuleReach`, `ModuleScope`): bytes, because walking `Character`s was most of their cost.
enum SourceLines {
    static func forEach(in bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            body(bytes[start..<end])
            start = end + 1
        }
    }

    /// The words of a line: runs of bytes between `separators`, made one at a time, so a scan
    /// that has seen enough stops without splitting the rest.
    struct Words: Sequence, IteratorProtocol {
        private let line: ArraySlice<UInt8>
        private let separators: (UInt8) -> Bool
        private var index: Int

        init(_ line: ArraySlice<UInt8>, separators: @escaping (UInt8) -> Bool) {
            self.line = line
            self.separators = separators
            index = line.startIndex
        }

        mutating func next() -> ArraySlice<UInt8>? {
            while index < line.endIndex, separators(line[index]) { index += 1 }
            let start = index
            while index < line.endIndex, !separators(line[index]) { index += 1 }
            return start < index ? line[start..<index] : nil
        }
    }

    /// Whether `word` is one of `words`, byte for byte.
    static func word(_ word: ArraySlice<UInt8>, isIn words: [[UInt8]]) -> Bool {
        words.contains { $0.elementsEqual(word) }
    }
}
