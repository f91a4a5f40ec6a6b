import Foundation
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// An installed graphinspect is a folder of executables: `graphinspect` finds its companions
/// beside itself. Every command runs from a folder that holds what scripts/install copies, and
/// `--help` says which companions a folder lacks.
@Suite(.ownThread) struct InstallationTests {
    /// What scripts/install copies into the folder it installs to.
    static let installed = [
        "graphinspect", "graphinspect-check", "graphinspect-live", "graphinspect-rules", "graphinspect-sample-dying", "graphinspect-sample-leaking",
    ]

    static func folder(with executables: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("installed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in executables {
            try FileManager.default.copyItem(
                at: Executable.buildFolder.appendingPathComponent(name), to: folder.appendingPathComponent(name)
            )
        }
        return folder
    }

    /// The script builds and copies every companion a command hands itself to, and the samples
    /// that run as executables.
    @Test func theInstallScriptInstallsEveryCompanionAndSample() throws {
        let script = try String(contentsOf: Golden.packageRoot.appendingPathComponent("scripts/install"), encoding: .utf8)
        let list = try #require(script.split(separator: "\n").first { $0.hasPrefix("tools=(") })
        let tools = list.dropFirst("tools=(".count).dropLast().split(separator: " ").map(String.init)
        #expect(tools == Self.installed)
        for (tool, _) in CompanionTool.executables { #expect(tools.contains(tool.name), "\(tool.name)") }
        for entry in SampleCatalog.entries {
            if case .executable(let name) = entry.run { #expect(tools.contains(name), "--sample \(entry.name) runs \(name)") }
        }
    }

    @Test func everyCommandRunsFromAnInstalledFolder() throws {
        let folder = try Self.folder(with: Self.installed)
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphinspect = folder.appendingPathComponent("graphinspect").path
        let root = Golden.packageRoot
        let help = try Executable.run(graphinspect, ["--help"])
        #expect(Self.unwrapped(help.stdout).contains("This installation (\(folder.path)) has every command"), "\(help.stdout)")

        let check = try Executable.run(graphinspect, ["check", "Sources/GraphInspectSample"], directory: root)
        #expect(check.status == 1 && check.stdout.contains("error: missing dependency `paymentService: PaymentService`"), "\(check.stderr)")
        let query = try Executable.run(graphinspect, ["query", "provider", "analytics", "--from", "CheckoutComponent", "--sources", "Sources/GraphInspectSample"], directory: root)
        #expect(query.status == 0 && query.stdout.contains("AppComponent"), "\(query.stdout)\(query.stderr)")
        // The server ends at the end of its input, having answered nothing.
        let lsp = try Executable.run(graphinspect, ["lsp"], input: Data())
        #expect(lsp.status != 69, "\(lsp.stderr)")
        #expect(!lsp.stderr.contains("is not in"), "\(lsp.stderr)")
        // live's server starts and follows a trace; it is stopped once it says so.
        let trace = try SyntheticTraces.deepChains(components: 10)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        #expect(try Self.firstLine(of: graphinspect, ["live", "--trace", trace]).hasPrefix("graphinspect live: "))
        try "rules:\n  shadowing: warning\n".write(to: folder.appendingPathComponent("graphinspect.yml"), atomically: true, encoding: .utf8)
        let rules = try Executable.run(graphinspect, ["dump", "--rules", "graphinspect.yml"], directory: folder)
        #expect(rules.status == 0 && rules.stderr.hasSuffix("graphinspect rules: graphinspect.yml: 0 errors, 2 warnings\n"), "\(rules.stderr)")
        let sample = try Executable.run(graphinspect, ["dump", "--sample", "leaking"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(sample.status == 0, "\(sample.stderr)")
    }

    /// `--help`'s text with its lines joined (the parser wraps it to the terminal's width).
    static func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What a long-running command prints first (up to 20 s), then it is ended.
    static func firstLine(of executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try ChildProcesses.launch(process)
        defer { ChildProcesses.end(process) }
        let printed = Printed()
        let handle = out.fileHandleForReading
        Thread {
            while case let chunk = handle.availableData, !chunk.isEmpty { printed.append(chunk) }
        }.start()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, process.isRunning, !printed.bytes.contains(UInt8(ascii: "\n")) { usleep(20_000) }
        return String(decoding: printed.bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    private final class Printed: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
        var bytes: Data { lock.withLock { data } }
    }

    /// `graphinspect` alone: `--help` names the three companions it lacks and what each runs, and
    /// each command that needs one says what to build or install.
    @Test func aFolderWithoutItsCompanionsSaysSo() throws {
        let folder = try Self.folder(with: ["graphinspect"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphinspect = folder.appendingPathComponent("graphinspect").path
        let help = try Executable.run(graphinspect, ["--help"])
        #expect(Self.unwrapped(help.stdout).contains(
            "This installation (\(folder.path)) lacks graphinspect-check (check, query over sources, lsp), graphinspect-live (live), graphinspect-rules (--rules): swift build in graphinspect's checkout builds them, bash scripts/install installs them."
        ), "\(help.stdout)")
        let advice = "In graphinspect's checkout, swift build builds it with every other tool"
        for (arguments, tool) in [
            (["check"], "graphinspect-check"), (["query", "stats"], "graphinspect-check"), (["lsp"], "graphinspect-check"),
            (["live", "--trace", "x.ndjson"], "graphinspect-live"),
        ] {
            let result = try Executable.run(graphinspect, arguments, directory: Golden.packageRoot)
            #expect(result.status == 69, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(tool) is not in \(folder.path) beside this graphinspect. \(advice)"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("(or alone: swift build --product \(tool)); bash scripts/install installs them all.\n"), "\(result.stderr)")
        }
    }
}
