/// Why `graphinspect live` stopped, worded in one place: what, where, why, and the fix.
public enum LiveError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotListen(address: String, reason: String)
    case cannotLaunch(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason):
            "graphinspect live: cannot listen on \(address): \(reason); choose another port (--port, --listen), or stop what holds it"
        case .cannotLaunch(let path, let reason):
            "graphinspect live: cannot run \(path): \(reason); check the path, or build the app first"
        }
    }

    /// The exit status: 69 when a port or the app is unavailable (as `check`).
    public var exitStatus: Int32 {
        switch self {
        case .cannotListen, .cannotLaunch: 69
        }
    }
}
