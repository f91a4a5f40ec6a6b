import Foundation

/// Where a command's result goes: standard output (no `-o`, or `-o -`), or a file written whole or
/// not at all (a temporary file beside the target, then renamed over it), so a failure never leaves
/// half a file.
enum Output {
    /// Whether `path` means standard output.
    static func isStandardOutput(_ path: String?) -> Bool { path == nil || path == "-" }

    /// Refuses a binary format bound for a terminal.
    static func checkBinary(_ format: OutputFormat, to path: String?) throws(CLIError) {
        if format.isBinary, isStandardOutput(path), isatty(STDOUT_FILENO) == 1 {
            throw .binaryToTerminal(format: format.rawValue)
        }
    }

    static func write(_ text: String, to path: String?) throws(CLIError) {
        try write(Array(text.utf8), to: path)
    }

    static func write(_ bytes: [UInt8], to path: String?) throws(CLIError) {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        var isTargetFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isTargetFolder), isTargetFolder.boolValue {
            throw .cannotWrite(path: path, reason: .isFolder)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .cannotWrite(path: path, reason: .folderMissing(folder))
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw .cannotWrite(path: path, reason: .folderNotWritable(folder))
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: .system(error.localizedDescription))
        }
    }
}
