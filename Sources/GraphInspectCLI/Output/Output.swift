import Foundation
import GraphInspect

/// Where a command's result goes, written the way `cp`, `tee` and shell redirection write:
///
/// - standard output (no `-o`, or `-o -`);
/// - a regular file, or nothing there yet: written whole or not at all (a temporary file beside the
///   target, then renamed over it), keeping an existing file's permissions and owner, so a failure
///   never leaves half a file;
/// - a symbolic link: the same, at the file it points to (the link stays a link);
/// - a FIFO, a device, anything else that is not a folder: opened and written in place, as
///   `> path` would (`/dev/null` stays a device; `/dev/full` is a full-disk error).
///
/// Every failure is a `CLIError.cannotWrite` in our words, never a crash.
enum Output {
    /// Whether `path` means standard output.
    static func isStandardOutput(_ path: String?) -> Bool { path == nil || path == "-" }

    /// Refuses a binary format bound for a terminal.
    static func checkBinary(_ format: OutputFormat, to path: String?) throws(CLIError) {
        try checkBinary(format.isBinary, format: format.rawValue, to: path)
    }

    /// Refuses bytes a terminal cannot show (`isBinary`) bound for a terminal.
    static func checkBinary(_ isBinary: Bool, format: String, to path: String?) throws(CLIError) {
        if isBinary, isStandardOutput(path), isatty(STDOUT_FILENO) == 1 {
            throw .binaryToTerminal(format: format)
        }
    }

    static func write(_ text: String, to path: String?) throws(CLIError) {
        try write(Array(text.utf8), to: path)
    }

    static func write(_ bytes: [UInt8], to path: String?) throws(CLIError) {
        guard let path, path != "-" else {
            if let failure = writeAll(bytes, to: STDOUT_FILENO) { throw .cannotWrite(path: "standard output", reason: failure) }
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw .cannotWrite(path: path, reason: .isFolder)
            case S_IFREG: try replace(resolvingLinks(path), with: bytes, keeping: info, shownAs: path)
            default: try writeInPlace(path, bytes)
            }
            return
        }
        let looked = errno
        guard looked == ENOENT else { throw .cannotWrite(path: path, reason: .system(looked)) }
        // Nothing there, or a link to nothing: the file is made where the link points.
        try replace(resolvingLinks(path), with: bytes, keeping: nil, shownAs: path)
    }

    /// Whether `path` can be written, said as `write` would say it, without writing: checked
    /// before an app is run, so a missing folder is not found only after the run.
    static func checkWritable(_ path: String?) throws(CLIError) {
        guard let path, path != "-" else { return }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw .cannotWrite(path: path, reason: .isFolder)
            case S_IFREG: break  // replaced through a temporary file beside it
            default: return  // a device or a pipe, written in place
            }
        }
        let target = resolvingLinks(path)
        let folder = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotWrite(path: path, reason: .folderMissing(folder))
        }
        guard access(folder, W_OK) == 0 else { throw .cannotWrite(path: path, reason: .folderNotWritable(folder)) }
    }

    /// A line for the user on standard error; a standard error that cannot be written is ignored.
    static func say(_ text: String) {
        _ = writeAll(Array((text.hasSuffix("\n") ? text : text + "\n").utf8), to: STDERR_FILENO)
    }

    /// Raw bytes to standard error (a child's output passed through), errors ignored.
    static func passThrough(_ bytes: Data) {
        _ = writeAll(Array(bytes), to: STDERR_FILENO)
    }

    // MARK: Writing

    /// `path` with every symbolic link along its last component followed (relative targets are
    /// relative to the link's folder), so the file is replaced and the links stay.
    private static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = (current as NSString).deletingLastPathComponent
            current = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        }
        return current
    }

    /// Writes `bytes` to a temporary file beside `target` and renames it over `target`.
    private static func replace(_ target: String, with bytes: [UInt8], keeping existing: stat?, shownAs path: String) throws(CLIError) {
        let folder = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotWrite(path: path, reason: .folderMissing(folder))
        }
        var template = Array((folder + "/." + (target as NSString).lastPathComponent + ".graphinspect-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            let code = errno
            throw .cannotWrite(path: path, reason: [EACCES, EPERM, EROFS].contains(code) ? .folderNotWritable(folder) : .cannotCreateIn(folder, code: code))
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        if let existing {
            fchmod(descriptor, existing.st_mode & 0o7777)
            // As cp does: keep the owner when allowed to (root), else the file becomes the writer's.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        if let failed = writeAll(bytes, to: descriptor) {
            close(descriptor)
            throw .cannotWrite(path: path, reason: failed)
        }
        guard close(descriptor) == 0 else { throw .cannotWrite(path: path, reason: .system(errno)) }
        guard rename(temporary, target) == 0 else { throw .cannotWrite(path: path, reason: .system(errno)) }
        succeeded = true
    }

    /// Opens what is at `path` (a FIFO, a device) and writes `bytes` into it, as `> path` would.
    private static func writeInPlace(_ path: String, _ bytes: [UInt8]) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: .system(errno)) }
        defer { close(descriptor) }
        if let failed = writeAll(bytes, to: descriptor) { throw .cannotWrite(path: path, reason: failed) }
    }

    /// Writes every byte (`WriteAll`); the failure, if any.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> CLIError.WriteFailure? {
        bytes.withUnsafeBytes { WriteAll.write(descriptor, $0) }.map { .system($0) }
    }
}
