import Foundation
import GraphInspectCLI
import Testing
import GraphInspectTestSupport

/// docs/cli.md's exit-code table is made from `ExitCodes`, the rows `CLIError.exitCode` returns
/// and `--help` prints (`GRAPHINSPECT_RECORD=1` writes it).
@Suite struct ExitCodesDocTests {
    @Test func theTableIsTheCodes() throws {
        let url = Golden.packageRoot.appendingPathComponent("docs/cli.md")
        let page = try String(contentsOf: url, encoding: .utf8)
        let open = "<!-- generated: exit-codes -->\n", close = "<!-- end generated -->"
        let start = try #require(page.range(of: open), "docs/cli.md has no exit-codes block")
        let end = try #require(page.range(of: close, range: start.upperBound..<page.endIndex))
        let shown = String(page[start.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] == "1", shown != ExitCodes.markdownTable {
            try page.replacingCharacters(in: start.upperBound..<end.lowerBound, with: ExitCodes.markdownTable).write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/cli.md's exit-code table; run again without GRAPHINSPECT_RECORD")
            return
        }
        #expect(shown == ExitCodes.markdownTable, "docs/cli.md's exit-code table is stale: run the tests with GRAPHINSPECT_RECORD=1")
    }

    @Test func helpPrintsEveryCode() throws {
        let help = try Executable.run("graphinspect", ["--help"]).stdout
        for row in ExitCodes.rows {
            #expect(help.contains("\n  \(String(row.code).padding(toLength: 4, withPad: " ", startingAt: 0))"), "--help has no line for \(row.code)")
        }
    }
}
