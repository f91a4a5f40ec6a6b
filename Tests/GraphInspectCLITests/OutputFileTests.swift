import Foundation
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// `-o` writes as `cp`, `tee` and `>` do: through links, into FIFOs and devices, replacing only
/// regular files (whole or not at all, keeping their permissions); every failure in our words.
/// Device nodes are copies made with `mknod` in a temporary folder, never the real ones.
@Suite struct OutputFileTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func kind(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & S_IFMT
    }

    func failure(_ body: () throws(CLIError) -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func aRegularFileIsReplacedWholeKeepingItsPermissions() throws {
        let target = path("graph.txt")
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        try Output.write("new\n", to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
        var info = stat()
        stat(target, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["graph.txt"])
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        try "old".write(toFile: path("target.txt"), atomically: false, encoding: .utf8)
        symlink("../target.txt", path("sub/link.txt"))
        try Output.write("through\n", to: path("sub/link.txt"))
        #expect(kind(path("sub/link.txt")) == S_IFLNK)
        #expect(try String(contentsOfFile: path("target.txt"), encoding: .utf8) == "through\n")
        // A link to nothing yet makes the file it names.
        symlink("made.txt", path("dangling.txt"))
        try Output.write("made\n", to: path("dangling.txt"))
        #expect(kind(path("dangling.txt")) == S_IFLNK)
        #expect(try String(contentsOfFile: path("made.txt"), encoding: .utf8) == "made\n")
    }

    @Test func aFIFOIsWrittenIntoAndStaysAFIFO() throws {
        let fifo = path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Received()
        let reader = Thread { received.set(FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()) }
        reader.start()
        try Output.write("through the pipe\n", to: fifo)
        #expect(received.wait() == Data("through the pipe\n".utf8))
        #expect(kind(fifo) == S_IFIFO)
    }

    /// A device node of the same device as `original` (its copy, not it).
    func copyOfDevice(_ original: String, at copy: String) -> Bool {
        var info = stat()
        return stat(original, &info) == 0 && mknod(copy, S_IFCHR | 0o666, info.st_rdev) == 0
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/dev/full"), "mknod needs root; /dev/full is Linux's"))
    func devicesAreWrittenInPlaceAndAFullOneIsAnError() throws {
        let null = path("null"), full = path("full")
        #expect(copyOfDevice("/dev/null", at: null))
        #expect(copyOfDevice("/dev/full", at: full))
        try Output.write("gone\n", to: null)
        #expect(kind(null) == S_IFCHR)
        #expect(failure { () throws(CLIError) in try Output.write("x\n", to: full) }
            == "cannot write \(full): the device is full (No space left on device). Free some space, or write somewhere else.")
        #expect(kind(full) == S_IFCHR)
        // Standard output on a full device: the same error, exit code 73, no crash.
        let shell = try Executable.run("/bin/sh", ["-c", "\"$0\" dump > \"$1\"", Executable.buildFolder.appendingPathComponent("graphinspect").path, full])
        #expect(shell.status == 73)
        #expect(shell.stderr == "Error: cannot write standard output: the device is full (No space left on device). Free some space, or write somewhere else.\n")
    }

    @Test func foldersAndSpecialFileSystemsAreRefusedInOurWords() {
        #expect(failure { () throws(CLIError) in try Output.write("x", to: folder) }
            == "cannot write \(folder): it is a folder. Name a file in it, e.g. \(folder)/graph.svg.")
        #expect(failure { () throws(CLIError) in try Output.write("x", to: "/proc/version") }
            == "cannot write /proc/version: the folder /proc does not let a new file be made in it (No such file or directory); graphinspect writes a whole file beside the target and renames it. Write somewhere else.")
        #expect(failure { () throws(CLIError) in try Output.write("x", to: path("nowhere/graph.svg")) }
            == "cannot write \(path("nowhere/graph.svg")): the folder \(path("nowhere")) does not exist. Create it, or write somewhere else.")
    }
}

/// Data handed over from a reader thread.
private final class Received: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data!
    }
}
