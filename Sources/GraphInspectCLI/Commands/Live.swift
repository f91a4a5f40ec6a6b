import ArgumentParser
import Foundation

extension GraphInspectCommand {
    /// `graphinspect live`: the graph of a running app in the browser, as it changes. The server
    /// is `graphinspect-live` (it links SwiftNIO, which graphinspect does not build), run from
    /// the same folder with the source resolved: a bundled sample becomes the command that runs
    /// it, so the server only ever sees `--trace`, `--listen` or `-- EXE`.
    public struct Live: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Watch a running app's graph change in the browser.",
            discussion: """
                Serves a page at http://127.0.0.1:PORT/ (printed at start) that shows the graph \
                as the app builds it: new components, holders, modules and routers appear in \
                rows and never move; lookups show on their requester with where they were \
                answered; released objects fade; a failed lookup turns red with the report \
                `why` prints; a timeline can be paused, scrubbed back and resumed. When the app \
                ends, the page says how (exit status or signal); the server keeps serving it \
                until Ctrl-C. See docs/live.md.

                Examples:
                  graphinspect live                                the bundled sample
                  graphinspect live -- .build/debug/App            your app
                  graphinspect live --trace /tmp/app.ndjson        a trace another process writes (a Simulator app)
                  graphinspect live --listen 0.0.0.0:9301          apps streaming over TCP (a device)

                Exit codes: 64 bad arguments, 69 graphinspect-live not built, a port taken or \
                the app not runnable.
                """
        )

        @Option(help: ArgumentHelp("The page's port (default: any free port).", valueName: "port"))
        public var port: Int?

        @Option(help: ArgumentHelp("The page's address (default 127.0.0.1; another needs the printed token).", valueName: "address"))
        public var host: String?

        @Flag(help: "Open the page in the system's browser.")
        public var open = false

        @Flag(help: "Silence the app's own standard output and error (otherwise both go to the server's), as dump's --quiet.")
        public var quiet = false

        @Option(help: ArgumentHelp("Follow this trace file as another process writes it (as tail -f does).", valueName: "file"), completion: .file())
        public var trace: String?

        @Option(help: ArgumentHelp("Take apps streaming to [HOST:]PORT (their GRAPHINSPECT_LIVE); beyond 127.0.0.1 a token is needed.", valueName: "[host:]port"))
        public var listen: LiveRequest.Address?

        @Option(help: ArgumentHelp("Run this bundled sample app: \(SampleCatalog.names.joined(separator: ", ")).", valueName: "name"), completion: .list(SampleCatalog.names))
        public var sample: String?

        @Argument(parsing: .postTerminator, help: ArgumentHelp("The app to run, after --, with its arguments.", valueName: "executable"))
        public var command: [String] = []

        public init() {}

        public func validate() throws {
            if [trace != nil, listen != nil, sample != nil, !command.isEmpty].filter({ $0 }).count > 1 {
                throw ValidationError("Give one of --trace FILE, --listen [HOST:]PORT, --sample NAME or -- EXECUTABLE.")
            }
            if let sample, SampleCatalog.entry(named: sample) == nil {
                throw ValidationError("No sample named \(sample); the samples are \(SampleCatalog.names.joined(separator: ", ")).")
            }
            if let port, !(0...65535).contains(port) { throw ValidationError("--port takes 0 to 65535.") }
            if quiet && (trace != nil || listen != nil) {
                throw ValidationError("--quiet silences the app that live runs (after --, or a sample); with --trace or --listen it runs none.")
            }
        }

        /// What the server is asked to serve, with the source resolved: a bundled sample becomes
        /// the command that runs it.
        func request() throws(CLIError) -> LiveRequest {
            var request = LiveRequest(port: port ?? 0, host: host ?? "127.0.0.1", open: open, quiet: quiet)
            if let trace {
                request.trace = trace
            } else if let listen {
                request.listen = listen
            } else if !command.isEmpty {
                request.command = [try AppRun.locate(command[0])] + command.dropFirst()
            } else {
                let name = sample ?? "modules"
                switch SampleCatalog.entry(named: name)?.run {
                case .executable(let binary):
                    let path = SampleCatalog.executableFolder.appendingPathComponent(binary).path
                    guard FileManager.default.isExecutableFile(atPath: path) else {
                        throw .sampleNotBuilt(sample: name, binary: binary, folder: SampleCatalog.executableFolder.path)
                    }
                    request.command = [path]
                default:
                    // An in-process sample runs in a graphinspect of its own, which records to the
                    // trace the server hands it (GRAPHINSPECT_TRACE).
                    let me = SampleCatalog.executableFolder.appendingPathComponent("graphinspect").path
                    request.command = [me, "dump", "--sample", name, "--output", "/dev/null"]
                }
            }
            return request
        }

        /// In `graphinspect-live`, serves; in `graphinspect`, hands this command's arguments to
        /// `graphinspect-live`, which parses them with this same command.
        public func run() throws {
            guard let serve = LiveServerHook.serve else {
                try CLIError.reported { try CompanionTool.live.replaceThisProcess(command: "live") }
                return
            }
            try CLIError.reported { try serve(try request()) }
        }
    }
}
