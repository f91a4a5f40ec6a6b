import ArgumentParser

/// Every error the CLI reports, worded in one place: what failed, where, why, and what to do.
public enum CLIError: Error, CustomStringConvertible, Equatable {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason). Check that its folder exists and is writable, or pass another --output."
        }
    }
}

