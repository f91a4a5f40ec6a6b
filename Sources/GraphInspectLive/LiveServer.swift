import Foundation
import GraphInspectPages
import NIOCore
import NIOHTTP1
import NIOPosix

/// `graphinspect live`: serves a page that shows a run's graph as it grows, fed by an app it runs,
/// a trace file another process writes, or apps that stream to it (`--listen`). Its arguments
/// (`graphinspect live` passes them on, with `--sample` resolved to its executable):
///
///     graphinspect-live [--port N] [--host HOST] [--open] (--trace FILE | --listen [HOST:]PORT | -- EXE [ARGS])
public struct LiveServer {
    public struct Options: Equatable, Sendable {
        public var port = 0
        public var host = "127.0.0.1"
        public var open = false
        public var trace: String?
        public var listen: Address?
        public var command: [String] = []

        /// Where `--listen` takes apps.
        public struct Address: Equatable, Sendable {
            public var host: String
            public var port: Int
        }

        /// Whether anything listens beyond this machine (then a token is needed).
        public var reachable: Bool {
            !Self.isLoopback(host) || listen.map { !Self.isLoopback($0.host) } ?? false
        }

        static func isLoopback(_ host: String) -> Bool {
            host == "127.0.0.1" || host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }

        /// Parses the arguments; a usage error's words otherwise.
        public static func parse(_ arguments: [String]) -> Result<Options, LiveError> {
            var options = Options()
            var rest = arguments[...]
            func value(_ flag: String) -> String? {
                guard let next = rest.first else { return nil }
                rest = rest.dropFirst()
                return next
            }
            while let argument = rest.first {
                rest = rest.dropFirst()
                switch argument {
                case "--":
                    options.command = Array(rest)
                    rest = []
                case "--port":
                    guard let text = value(argument), let port = Int(text), (0...65535).contains(port) else { return .failure(.usage("--port takes a port number (0 for any free port)")) }
                    options.port = port
                case "--host":
                    guard let host = value(argument), !host.isEmpty else { return .failure(.usage("--host takes an address")) }
                    options.host = host
                case "--open":
                    options.open = true
                case "--trace":
                    guard let path = value(argument) else { return .failure(.usage("--trace takes a file")) }
                    options.trace = path
                case "--listen":
                    guard let text = value(argument) else { return .failure(.usage("--listen takes [HOST:]PORT")) }
                    let colon = text.lastIndex(of: ":")
                    let host = colon.map { String(text[..<$0]) } ?? "127.0.0.1"
                    guard let port = Int(colon.map { String(text[text.index(after: $0)...]) } ?? text), (0...65535).contains(port), !host.isEmpty else {
                        return .failure(.usage("--listen takes [HOST:]PORT, e.g. 9301 or 0.0.0.0:9301"))
                    }
                    options.listen = Address(host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port)
                default:
                    return .failure(.usage("unknown argument \(argument)"))
                }
            }
            let sources = (options.trace != nil ? 1 : 0) + (options.listen != nil ? 1 : 0) + (options.command.isEmpty ? 0 : 1)
            guard sources == 1 else { return .failure(.usage("give one of --trace FILE, --listen [HOST:]PORT or -- EXE [ARGS]")) }
            return .success(options)
        }
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// Serves until the process is stopped (Ctrl-C). `announce` gets each line to print.
    public func run(announce: @escaping @Sendable (String) -> Void) throws(LiveError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let hub = LiveHub(loop: loop)
        let token = options.reachable ? Self.makeToken() : nil
        // The gate needs the port, known once bound (port 0): until it is set, nothing is served.
        let gate = GateHolder()
        let page = LivePage().html(title: "graphinspect live")
        let server: any Channel
        do {
            server = try ServerBootstrap(group: group)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        guard let current = gate.value else { throw LiveError.cannotListen(address: "", reason: "not ready") }
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(PageHandler(hub: hub, gate: current, page: page))
                    }
                }
                .bind(host: options.host, port: options.port).wait()
        } catch {
            throw .cannotListen(address: "\(options.host):\(options.port)", reason: "\(error)")
        }
        let port = server.localAddress?.port ?? options.port
        gate.value = RequestGate(port: port, bindHost: options.host, token: token)
        let hostInURL = options.host.contains(":") ? "[\(options.host)]" : options.host
        let url = "http://\(hostInURL):\(port)/" + (token.map { "?token=" + $0 } ?? "")
        announce("graphinspect live: \(url) (Ctrl-C stops)")
        if let token { announce("graphinspect live: token \(token): anything reachable from other machines needs it (the page's URL and the app's GRAPHINSPECT_LIVE carry it)") }

        if let trace = options.trace {
            let follower = TraceFollower(path: trace, hub: hub)
            loop.execute {
                hub.startRun(source: "following \(trace)")
                follower.start()
            }
            announce("graphinspect live: following \(trace)")
        } else if let listen = options.listen {
            do {
                let apps = try ServerBootstrap(group: group)
                    .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                    .childChannelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(AppLineHandler(hub: hub, token: token)) }
                    }
                    .bind(host: listen.host, port: listen.port).wait()
                let appPort = apps.localAddress?.port ?? listen.port
                let shown = Options.isLoopback(listen.host) ? "127.0.0.1" : (listen.host == "0.0.0.0" || listen.host == "::" ? "THIS-MAC'S-ADDRESS" : listen.host)
                announce("graphinspect live: listening for apps on \(listen.host):\(appPort): run them with GRAPHINSPECT_LIVE=\(token.map { $0 + "@" } ?? "")\(shown):\(appPort)")
            } catch {
                throw .cannotListen(address: "\(listen.host):\(listen.port)", reason: "\(error)")
            }
        } else {
            let app = AppProcess(executable: options.command[0], arguments: Array(options.command.dropFirst()), hub: hub)
            do { try app.start() } catch { throw .cannotLaunch(path: options.command[0], reason: "\(error)") }
            announce("graphinspect live: running \(options.command.joined(separator: " "))")
            Self.stopAppWithServer(app.process, trace: app.trace)
        }
        if options.open { Self.openBrowser(url) }
        try? server.closeFuture.wait()
    }

    /// Ctrl-C, SIGTERM or SIGHUP to the server stop the app it runs too (a terminal's Ctrl-C
    /// reaches both; a `kill` of the server alone would leave the app running, waiting), and
    /// remove the trace file the server gave it.
    static func stopAppWithServer(_ app: Process, trace: String) {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if app.isRunning { kill(app.processIdentifier, SIGTERM) }
                try? FileManager.default.removeItem(atPath: trace)
                exit(128 + number)
            }
            source.resume()
            stopSources.append(source)
        }
    }

    nonisolated(unsafe) private static var stopSources: [any DispatchSourceSignal] = []

    /// The system's browser, best effort (`open` on macOS, `xdg-open` elsewhere).
    static func openBrowser(_ url: String) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open"]
        #endif
        process.arguments = (process.arguments ?? []) + [url]
        try? process.run()
    }

    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.joined()
    }
}

/// The page server's gate, set once its port is known.
final class GateHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var gate: RequestGate?

    var value: RequestGate? {
        get { lock.withLock { gate } }
        set { lock.withLock { gate = newValue } }
    }
}
