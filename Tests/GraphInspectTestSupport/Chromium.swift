import Foundation
import Testing

/// Debian's headless chromium, for testing the HTML replay as a browser runs it.
/// `bash scripts/test` installs it when missing.
package enum Chromium {
    package static let binary: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    package struct Page {
        package var dom: String
        /// What the page wrote to its console (including uncaught errors).
        package var console: [String]
    }

    package static func run(_ arguments: [String]) throws -> (stdout: String, stderr: String) {
        guard let binary else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "chromium is not installed: run `bash scripts/test`, which installs it"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
                             "--virtual-time-budget=3000", "--user-data-dir=" + FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)").path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try ChildProcesses.launch(process)
        let errReader = DataReader(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: output, as: UTF8.self), String(decoding: errReader.wait(), as: UTF8.self))
    }

    /// The DOM after the page's scripts ran, and its console lines.
    package static func load(_ url: String) throws -> Page {
        let (dom, log) = try run(["--dump-dom", url])
        let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Page(dom: dom, console: console)
    }

    /// A PNG screenshot of the page.
    package static func screenshot(_ url: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try run(["--screenshot=" + file.path, "--window-size=1400,900", url])
        return try Data(contentsOf: file)
    }

    /// The text of the first element with `id` in a dumped DOM.
    package static func element(_ id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\"") else { return nil }
        guard let open = dom[start.upperBound...].firstIndex(of: ">") else { return nil }
        let rest = dom[dom.index(after: open)...]
        guard let close = rest.range(of: "</") else { return nil }
        return String(rest[..<close.lowerBound])
    }
}

/// Reads a pipe to its end on another thread.
package final class DataReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    package init(_ handle: FileHandle) {
        Thread { [self] in
            let read = handle.readDataToEndOfFile()
            lock.withLock { data = read }
        }.start()
    }

    package func wait() -> Data {
        while true {
            if let data = lock.withLock({ data }) { return data }
            usleep(1_000)
        }
    }
}
