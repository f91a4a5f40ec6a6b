// Writes a Swift file that holds text files as string constants, so a library carries its pages'
// JavaScript, CSS and HTML inside the binary. Run by the EmbedPageAssets build plugin:
//   graphinspect-embed OUTPUT.swift TYPE FILE...
// Each FILE becomes `static let <name><EXTENSION>` of enum TYPE (`explorer.js` -> `explorerJS`),
// its bytes exactly: a raw multi-line literal whose `#` delimiter is longer than any run of `#`
// in the text, so nothing in the file can end the literal or start an escape.
import Foundation

/// Why the files could not be embedded, in the build log's words.
struct EmbedError: Error, CustomStringConvertible {
    var description: String
}

/// `explorer.js` -> `explorerJS`, `page-shell.css` -> `pageShellCSS`.
func constantName(_ file: String) throws -> String {
    let url = URL(fileURLWithPath: file)
    let words = url.deletingPathExtension().lastPathComponent.split { !$0.isLetter && !$0.isNumber }
    guard let first = words.first, first.first?.isLetter == true, !url.pathExtension.isEmpty else {
        throw EmbedError(description: "\(file): name it word.ext (letters and digits, - or _ between words)")
    }
    return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + url.pathExtension.uppercased()
}

/// The literal whose value is `text`, byte for byte.
func rawLiteral(_ text: String) -> String {
    var longest = 0, run = 0
    for character in text {
        run = character == "#" ? run + 1 : 0
        longest = max(longest, run)
    }
    let hashes = String(repeating: "#", count: longest + 1)
    // A multi-line literal's value is what lies between the line after its opening and the line
    // before its closing delimiter.
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

func embed(_ arguments: [String]) throws {
    guard arguments.count >= 3 else { throw EmbedError(description: "usage: graphinspect-embed OUTPUT.swift TYPE FILE...") }
    let (output, type, files) = (arguments[0], arguments[1], arguments.dropFirst(2).sorted())
    var swift = "// Generated at build time by graphinspect-embed from \(files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")). Do not edit.\n\n"
    swift += "/// The page assets, each file's text as it is in the source tree.\nenum \(type) {\n"
    var names: Set<String> = []
    for file in files {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        guard let text = String(data: data, encoding: .utf8) else { throw EmbedError(description: "\(file): not UTF-8 text") }
        guard !text.contains("\r") else { throw EmbedError(description: "\(file): has carriage returns; save it with Unix line ends") }
        let name = try constantName(file)
        guard names.insert(name).inserted else { throw EmbedError(description: "\(file): a second file named \(name)") }
        swift += "    /// \(URL(fileURLWithPath: file).lastPathComponent)\n    static let \(name) = \(rawLiteral(text))\n\n"
    }
    swift += "}\n"
    // Rewritten only when it changes, so an unchanged asset rebuilds nothing.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != swift {
        try swift.write(toFile: output, atomically: true, encoding: .utf8)
    }
}

do {
    try embed(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("error: graphinspect-embed: \(error)\n".utf8))
    exit(1)
}
