import Foundation

/// The executables `graphinspect` hands a command to, found in its own folder: each links what
/// graphinspect's own build leaves out (swift-syntax for `check`, SwiftNIO for `live`) and parses
/// the command's arguments with the same command, so the grammar is checked in one place.
enum CompanionTool {
    /// `rules` is the whole of graphinspect with Yams linked in, so it is given the command too.
    case check, live, rules
    /// `query` over the sources and `lsp`: `graphinspect-check` too, told which by
    /// `Query.companionVariable`.
    case query, lsp

    var name: String {
        switch self {
        case .check, .query, .lsp: "graphinspect-check"
        case .live: "graphinspect-live"
        case .rules: "graphinspect-rules"
        }
    }

    /// Runs the tool in place of this process with the arguments given after `command` (for
    /// `rules`, with `command` too); returns only by throwing (the tool is not built, or cannot be
    /// run).
    func replaceThisProcess(command: String) throws(CLIError) {
        let folder = SampleCatalog.executableFolder
        let tool = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            switch self {
            case .check, .query, .lsp: throw .checkNotBuilt(folder: folder.path)
            case .live: throw .liveNotBuilt(folder: folder.path)
            case .rules: throw .rulesNotBuilt(folder: folder.path)
            }
        }
        let fromCommand = CommandLine.arguments.dropFirst().drop { $0 != command }
        let arguments = Array(self == .rules ? fromCommand : fromCommand.dropFirst())
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) }
        argv.append(nil)
        if self == .query || self == .lsp { setenv(GraphInspectCommand.Query.companionVariable, command, 1) }
        execv(tool, &argv)
        throw .cannotLaunch(path: tool, reason: String(cString: strerror(errno)))
    }
}
