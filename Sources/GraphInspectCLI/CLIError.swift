/// Every error the CLI reports, worded in one place: what failed, where, why, and what to do.
public enum CLIError: Error, CustomStringConvertible, Equatable {
    /// Why an output file could not be written.
    public enum WriteFailure: Equatable, Sendable {
        case folderMissing(String)
        case folderNotWritable(String)
        case system(String)
    }

    case cannotWrite(path: String, reason: WriteFailure)

    public var description: String {
        switch self {
        case .cannotWrite(let path, .folderMissing(let folder)):
            "cannot write \(path): the folder \(folder) does not exist. Create it, or pass another --output."
        case .cannotWrite(let path, .folderNotWritable(let folder)):
            "cannot write \(path): the folder \(folder) is not writable. Fix its permissions, or pass another --output."
        case .cannotWrite(let path, .system(let message)):
            "cannot write \(path): \(message) Nothing was written; pass another --output."
        }
    }
}
