import Foundation
import Testing

/// A real browser for the page tests: Debian's chromium driven through chromium-driver by
/// Selenium (Tests/Browser/drive.py, in the virtual environment `bash scripts/test` makes at
/// .build/browser-tests). Actions are typed, clicked and pressed as a person would; each reading
/// action's result comes back in order.
package enum Browser {
    package static let python = Golden.packageRoot.appendingPathComponent(".build/browser-tests/bin/python").path
    package static let script = Golden.packageRoot.appendingPathComponent("Tests/Browser/drive.py").path

    /// Runs `graphinspect ARGUMENTS -o FILE` for an HTML page in a temporary file; its `file://` URL.
    package static func page(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).html").path
        let result = try Executable.run("graphinspect", arguments + ["--output", file])
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return "file://" + file
    }

    package struct Session {
        package var results: [Any]
        package var error: String?
        package var console: [String]
        package var dialog: String?
        /// The last state, for a failing test to point at.
        package var screenshot: String
    }

    /// Runs `actions` (`["open": url]`, `["type": [css, text]]`, `["click": css]`, `["clickNode": id]`,
    /// `["key": [css or "active", key]]`, `["text": css]`, `["texts": css]`, `["attr": [css, name]]`,
    /// `["count": css]`, `["visible": css]`, `["js": source]`, `["jsAsync": source]` (calls its last argument
    /// with its result), `["wheel": [css, deltaY]]`, `["sleep": seconds]`, `["touch": path]` (creates the file: a cue
    /// for an app that waits on it)) in one browser.
    package static func run(_ actions: [[String: Any]]) throws -> Session {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no Selenium at \(python): run `bash scripts/test`, which installs chromium-driver and Selenium"])
        }
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString).png").path
        let input = try JSONSerialization.data(withJSONObject: actions)
        let run = try Executable.run(python, [script, screenshot], input: input)
        // (`try?`: a driver that died printed no JSON, and what it said is on standard error.)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the browser driver printed no result (exit \(run.status)): \(run.stderr)"])
        }
        return Session(
            results: object["results"] as? [Any] ?? [], error: object["error"] as? String,
            console: object["console"] as? [String] ?? [], dialog: object["dialog"] as? String, screenshot: screenshot
        )
    }
}
