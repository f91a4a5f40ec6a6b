import Foundation

/// Debian's chromium driven by Selenium (Tests/Browser/drive.py, in the environment
/// `bash scripts/test` makes), for the page benchmarks: a list of actions in one browser, each
/// reading action's result back in order. Run from the package's folder.
struct BrowserDriver {
    static let python = ".build/browser-tests/bin/python"
    static let script = "Tests/Browser/drive.py"

    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: python) && FileManager.default.fileExists(atPath: script)
    }

    private let process = Process()
    private let output = Pipe()
    private let screenshot: String

    /// Starts the browser on `actions`; it runs in the background until `results()`.
    init(_ actions: [[String: Any]], name: String) throws {
        screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(ProcessInfo.processInfo.processIdentifier).png").path
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [Self.script, screenshot]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: actions))
        try input.fileHandleForWriting.close()
    }

    /// Waits for the browser to finish; each action's result, in order.
    func results() throws -> [Any] {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: screenshot)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let results = object["results"] as? [Any] else {
            throw BenchError("the browser driver printed no result")
        }
        if let error = object["error"] as? String { throw BenchError("the browser driver failed: \(error)") }
        return results
    }

    /// Runs `actions` and waits for their results.
    static func run(_ actions: [[String: Any]], name: String) throws -> [Any] {
        try BrowserDriver(actions, name: name).results()
    }
}
