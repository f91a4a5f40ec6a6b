import Foundation

/// Writes output files whole or not at all: to a temporary file beside the target, then renamed
/// over it, so a failure never leaves half a file behind.
enum OutputFile {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
