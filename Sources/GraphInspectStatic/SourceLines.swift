/// A file's lines as bytes, for the scans made over every file before anything is parsed
/// (`ModuleReach`, `ModuleScope`): bytes, because walking `Character`s was most of their cost.
enum SourceLines {
    static func forEach(in text: String, _ body: (ArraySlice<UInt8>) -> Void) {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            body(bytes[start..<end])
            start = end + 1
        }
    }
}
