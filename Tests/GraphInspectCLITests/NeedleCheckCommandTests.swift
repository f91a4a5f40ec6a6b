import Foundation
import GraphInspectTestSupport
import Testing

/// `check`'s pictures and rules on the bundled needle app (Examples/Needle): each picture format
/// is written (the DOT accepted by Graphviz's own `dot`), and a rules file's findings stand at the
/// lines of the needle code they name.
@Suite(.ownThread) struct NeedleCheckCommandTests {
    static let example = Golden.packageRoot.appendingPathComponent("Examples/Needle")

    /// A copy of the example with `files` added, in a new folder.
    static func copy(adding files: [(name: String, text: String)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("needle-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: example.appendingPathComponent("Sources"), to: folder.appendingPathComponent("Sources"))
        for file in files { try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func everyPictureFormatIsWrittenAndGraphvizAcceptsTheDOT() throws {
        let folder = try Self.copy(adding: [])
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["dot", "svg", "html", "mermaid"] {
            let run = try Executable.run("graphinspect", ["check", "Sources", "--format", format, "--output", "tree.\(format)"], directory: folder)
            // The example's one missing dependency: exit 1, the picture written all the same.
            #expect(run.status == 1, "\(format): \(run.stderr)")
            let written = try String(contentsOf: folder.appendingPathComponent("tree.\(format)"), encoding: .utf8)
            #expect(written.contains("EditorComponent") && written.contains("clock"), "\(format): \(written.prefix(300))")
        }
        let dot = try Executable.run("/usr/bin/dot", ["-Tsvg", folder.appendingPathComponent("tree.dot").path])
        #expect(dot.status == 0 && dot.stdout.contains("<svg"), "dot refused it: \(dot.stderr)")
    }

    /// A forbidden lookup is found at the need's line in the dependency protocol, on the path it
    /// is answered from; a provider the app's code reads as a member (`root.loggedIn`) is used.
    @Test func rulesFindTheForbiddenLookupAtTheNeedsLineAndCountMemberReadsAsUses() throws {
        let start = """
            import NeedleFoundation

            func start(root: RootComponent) {
                _ = root.loggedIn.notes.editor
                _ = root.loggedOut
                _ = root.loggedIn.editor()
            }
            """
        let rules = """
            rules:
              forbidden-lookup:
                - requester: "Editor*"
                  provider: "Root*"
                  severity: error
              unused-provider: warning
            """
        let folder = try Self.copy(adding: [("Sources/Notes/Start.swift", start), ("graphinspect.yml", rules)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Executable.run("graphinspect", ["check", "Sources"], directory: folder)
        let findings = run.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(findings.filter { $0.contains("which the rules forbid") } == [
            "Sources/Notes/EditorComponent.swift:5:9: error: EditorComponent resolves `theme` from RootComponent, which the rules forbid (requester `Editor*`, provider `Root*`)",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("  lookup path: EditorComponent -> LoggedInComponent -> RootComponent\n  rule: forbidden-lookup (graphinspect.yml:3)"), "\(run.stdout)")
        // Only `session` is read by no code and named by no need.
        #expect(findings.filter { $0.contains("which no lookup in the sources names") } == [
            "Sources/Notes/LoggedInComponent.swift:11:16: warning: LoggedInComponent provides `session: Session`, which no lookup in the sources names and no code reads",
        ], "\(run.stdout)")
        #expect(run.status == 1)
    }

    /// A component's own property is no answer to its own question: the list declares `clock`
    /// but needs none, and nothing above it has one.
    @Test func queryProviderNeverAnswersFromTheAskingComponentItself() throws {
        let run = try Executable.run("graphinspect", ["query", "provider", "clock", "--from", "NotesListComponent", "--sources", "Sources"], directory: Self.example)
        #expect(run.stdout == "nothing provides `clock` for NotesListComponent: its chain is NotesListComponent -> LoggedInComponent -> RootComponent.\n", "\(run.stdout)")
        #expect(run.status == 1)
    }
}
