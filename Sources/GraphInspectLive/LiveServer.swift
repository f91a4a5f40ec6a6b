import Foundation
import GraphInspect
import GraphInspectCLI
import GraphInspectPages
import NIOCore
import NIOHTTP1
import NIOPosix

/// `graphinspect live`: serves a page that shows a run's graph as it grows, fed by an app it runs,
/// a trace file another process writes, or apps that stream to it (`--listen`). The arguments are
/// the CLI's `live` command's (`graphinspect-live` runs that command with this server installed).
public struct LiveServer {
    /// What the CLI's `live` command asked for, checked there.
    public let options: LiveRequest

    public init(options: LiveRequest) {
        self.options = options
    }

    /// The leak grace the page marks by: `GRAPHINSPECT_LEAK_GRACE` milliseconds, as the app and
    /// `why` read it, else a second.
    static let leakGrace = RetainedAfterDetach.grace(fromEnvironment: ProcessInfo.processInfo.environment["GRAPHINSPECT_LEAK_GRACE"]).grace

    /// Serves until the process is stopped (Ctrl-C). `announce` gets each line to print.
    public func run(announce: @escaping @Sendable (String) -> Void) throws(LiveError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let hub = LiveHub(loop: loop)
        let token = options.reachable ? Self.makeToken() : nil
        // The gate needs the port, known once bound (port 0): until it is set, nothing is served.
        let gate = GateHolder()
        let page = LivePage().html(title: "graphinspect live", leakGrace: Self.leakGrace)
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
                let shown = LiveRequest.isLoopback(listen.host) ? "127.0.0.1" : (listen.host == "0.0.0.0" || listen.host == "::" ? "THIS-MAC'S-ADDRESS" : listen.host)
                announce("graphinspect live: listening for apps on \(listen.host):\(appPort): run them with GRAPHINSPECT_LIVE=\(token.map { $0 + "@" } ?? "")\(shown):\(appPort)")
            } catch {
                throw .cannotListen(address: "\(listen.host):\(listen.port)", reason: "\(error)")
            }
        } else {
            let app = AppProcess(executable: options.command[0], arguments: Array(options.command.dropFirst()), quiet: options.quiet, hub: hub)
            // Before the app starts: a stop that came between its start and the handlers would
            // end the server and leave the app running, waiting, reparented to init.
            Self.stopAppWithServer(trace: app.trace)
            do { try app.start() } catch { throw .cannotLaunch(path: options.command[0], reason: "\(error)") }
            Self.runningApp = app.process.processIdentifier
            announce("graphinspect live: running \(options.command.joined(separator: " "))")
        }
        if options.open { Self.openBrowser(url) }
        try? server.closeFuture.wait()
    }

    /// Ctrl-C, SIGTERM or SIGHUP to the server stop the app it runs too (a terminal's Ctrl-C
    /// reaches both; a `kill` of the server alone would leave the app running, waiting), and
    /// remove the trace file the server gave it. Installed before the app starts, so a stop that
    /// comes meanwhile is not lost: a handler (not `SIG_IGN`, which a child would inherit through
    /// exec) that uses only async-signal-safe calls, reading the app's id from `runningApp`.
    static func stopAppWithServer(trace: String) {
        tracePath = strdup(trace)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                if LiveServer.runningApp > 0 { kill(LiveServer.runningApp, SIGTERM) }
                if let path = LiveServer.tracePath { unlink(path) }
                _exit(128 + number)
            }
        }
    }

    /// The app the server runs, once started (0 before); and its trace file, as a C string.
    nonisolated(unsafe) static var runningApp: pid_t = 0
    nonisolated(unsafe) private static var tracePath: UnsafeMutablePointer<CChar>?

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

extension LiveRequest {
    /// Whether anything listens beyond this machine (then a token is needed).
    public var reachable: Bool {
        !Self.isLoopback(host) || listen.map { !Self.isLoopback($0.host) } ?? false
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
