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

    /// What the command needs that graphinspect's own build leaves out.
    var need: String {
        switch self {
        case .check: "check reads Swift sources with swift-syntax"
        case .query: "query over the sources reads them with swift-syntax"
        case .lsp: "lsp reads Swift sources with swift-syntax"
        case .live: "live serves its page with SwiftNIO"
        case .rules: "--rules reads YAML with Yams"
        }
    }

    /// One case per executable, with the commands it runs as `--help` names them.
    static let executables: [(tool: CompanionTool, commands: String)] = [
        (.check, "check, query over sources, lsp"), (.live, "live"), (.rules, "--rules"),
    ]

    /// Whether the tool is beside this graphinspect.
    var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: SampleCatalog.executableFolder.appendingPathComponent(name).path)
    }

    /// What `--help` says of this installation: every command, or which tools are missing and
    /// what they would add.
    static var installation: String {
        let folder = SampleCatalog.executableFolder.path
        let missing = executables.filter { !$0.tool.isInstalled }
        if missing.isEmpty {
            return "This installation (\(folder)) has every command: its companions graphinspect-check, graphinspect-live and graphinspect-rules are beside it."
        }
        let lacking = missing.map { "\($0.tool.name) (\($0.commands))" }.joined(separator: ", ")
        return "This installation (\(folder)) lacks \(lacking): swift build in graphinspect's checkout builds them, bash scripts/install installs them."
    }

    /// Runs the tool in place of this process with the arguments given after `command` (for
    /// `rules`, with `command` too); returns only by throwing (the tool is not built, or cannot be
    /// run).
    func replaceThisProcess(command: String) throws(CLIError) {
        let folder = SampleCatalog.executableFolder
        let tool = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw .companionNotBuilt(self, folder: folder.path) }
        let fromCommand = CommandLine.arguments.dropFirst().drop { $0 != command }
        let arguments = Array(self == .rules ? fromCommand : fromCommand.dropFirst())
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) }
        argv.append(nil)
        if self == .query || self == .lsp { setenv(GraphInspectCommand.Query.companionVariable, command, 1) }
        execv(tool, &argv)
        throw .cannotLaunch(path: tool, reason: String(cString: strerror(errno)))
    }
}
