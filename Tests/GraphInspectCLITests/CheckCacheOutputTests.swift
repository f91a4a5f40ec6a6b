import Foundation
import Testing
import GraphInspectTestSupport

/// `graphinspect check --cache-path` as a user runs it: every format it writes is byte for byte
/// what a run without a cache writes, cold, over unchanged files, after edits that only move
/// lines (in a file the reading names nowhere, and in one with a finding), and after edits the
/// reading can see.
@Suite(.ownThread) struct CheckCacheOutputTests {
    static let formats = ["text", "json", "dot", "mermaid"]

    @Test func everyFormatIsTheUncachedOneThroughEveryKindOfRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-cache-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let sample = Golden.packageRoot.appendingPathComponent("Sources/GraphInspectSample")
        for file in try FileManager.default.contentsOfDirectory(atPath: sample.path) where file.hasSuffix(".swift") {
            try FileManager.default.copyItem(at: sample.appendingPathComponent(file), to: app.appendingPathComponent(file))
        }
        let ordinary = app.appendingPathComponent("Formatting.swift")
        try Data("import Foundation\n\nstruct Formatting {\n    func title(_ count: Int) -> String {\n        let text = String(count)\n        return text\n    }\n}\n".utf8).write(to: ordinary)
        let cache = folder.appendingPathComponent("cache").path
        // Rewritten only by a run that read and analysed the files again.
        let contributions = folder.appendingPathComponent("cache/graphinspect-check.cache").path

        func expectSameAsUncached(_ step: String, analysed: Bool? = nil) throws {
            for format in Self.formats {
                let before = try? FileManager.default.attributesOfItem(atPath: contributions)[.modificationDate] as? Date
                let cached = try Executable.run("graphinspect-check", ["--format", format, "--cache-path", cache, app.path])
                let after = try? FileManager.default.attributesOfItem(atPath: contributions)[.modificationDate] as? Date
                let plain = try Executable.run("graphinspect-check", ["--format", format, app.path])
                #expect(cached.status == plain.status, "\(step), \(format)")
                #expect(cached.stdout == plain.stdout, "\(step), \(format): the drawing")
                #expect(cached.stderr == plain.stderr, "\(step), \(format): the findings")
                #expect(!plain.stdout.isEmpty, "\(step), \(format)")
                if let analysed, format == Self.formats[0] {
                    #expect((before != nil && before == after) != analysed, "\(step): \(analysed ? "analysed again" : "the last reading kept")")
                }
            }
        }
        func edit(_ file: URL, _ change: (String) -> String) throws {
            try Data(change(try String(contentsOf: file, encoding: .utf8)).utf8).write(to: file)
        }

        try expectSameAsUncached("cold")
        try expectSameAsUncached("unchanged", analysed: false)
        // Lines moved in a file the reading names nowhere: the last reading holds.
        try edit(ordinary) { $0.replacingOccurrences(of: "        let text", with: "        // a note\n\n        let text") }
        try expectSameAsUncached("a comment in a body", analysed: false)
        // Lines moved in a file it names: drawn from the last reading, the file's positions moved.
        try edit(app.appendingPathComponent("CheckoutModule.swift")) { "// moved down a line\n" + $0 }
        try expectSameAsUncached("lines moved in a file with a finding", analysed: false)
        // Edits the reading sees: a provider added, a lookup's file gone.
        try edit(app.appendingPathComponent("AppComponent.swift")) { $0.replacingOccurrences(of: "    public let analytics = Analytics()", with: "    public let analytics = Analytics()\n    public let paymentService = PaymentService()") }
        try expectSameAsUncached("a provider added that fixes the finding", analysed: true)
        try FileManager.default.removeItem(at: app.appendingPathComponent("CheckoutModule.swift"))
        try expectSameAsUncached("a file deleted", analysed: true)
    }
}
