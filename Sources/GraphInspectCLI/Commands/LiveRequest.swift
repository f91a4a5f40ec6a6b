import ArgumentParser

/// What `graphinspect live` asks its server for, parsed and checked once by the `live` command,
/// with one source: a trace file to follow, an address to take streaming apps on, or a command
/// to run.
public struct LiveRequest: Equatable, Sendable {
    public var port = 0
    public var host = "127.0.0.1"
    public var open = false
    public var trace: String?
    public var listen: Address?
    public var command: [String] = []
    /// Whether the app `command` runs writes its own output nowhere (`--quiet`) rather than to the server's.
    public var quiet = false

    /// `[HOST:]PORT`, as `--listen` takes it (an IPv6 host in brackets).
    public struct Address: Equatable, Sendable, ExpressibleByArgument {
        public var host: String
        public var port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }

        public init?(argument: String) {
            let colon = argument.lastIndex(of: ":")
            let host = colon.map { String(argument[..<$0]) } ?? "127.0.0.1"
            guard let port = Int(colon.map { String(argument[argument.index(after: $0)...]) } ?? argument), (0...65535).contains(port),
                  !host.isEmpty else { return nil }
            self.init(host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port)
        }
    }
}

/// The live server, installed by the `graphinspect-live` executable (which links SwiftNIO)
/// before it parses its arguments. In `graphinspect` itself there is none, and `live` hands its
/// arguments to `graphinspect-live`, so graphinspect's own build never builds SwiftNIO.
public enum LiveServerHook {
    /// Serves until the process is stopped. Set once, at start-up, before any command runs.
    nonisolated(unsafe) public static var serve: ((LiveRequest) throws -> Void)?
}
