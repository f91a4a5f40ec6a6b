import Foundation
import GraphInspect
import Synchronization
import GraphInspectTesting
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// On Uber's RIBs tutorial app ported (Examples/RIBsTicTacToe, not
/// written for the purpose): a screen released, one leaked through a global, one through a
/// closure it keeps, one still attached at exit. `why` names exactly the two leaked, with what
/// is alive below each, and exits 1; with the mistakes removed it exits 0; `dump` and the test
/// library's assertion say the same. (The live page: LiveTests.)
@Suite struct LeaksOnTheRIBsAppTests {
    static let leaked = [
        #"retained after detach: OffGameModule "offGame" #14 is still alive"#: "  still alive below it: OffGameComponent #13, ViewComponentObject #15, RouterObject #16",
        #"retained after detach: TicTacToeModule "ticTacToe" #18 is still alive"#: "  still alive below it: TicTacToeComponent #17, ViewComponentObject #19, RouterObject #20",
    ]

    @Test func whyNamesExactlyTheTwoLeakedScreens() throws {
        let trace = try RIBsTicTacToeRun.trace(fixed: false)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let why = try Executable.run("graphinspect", ["why", "--trace", trace], environment: RIBsTicTacToeRun.grace)
        #expect(why.status == 1)
        let lines = why.stdout.components(separatedBy: "\n")
        let headlines = lines.filter { $0.hasPrefix("retained after detach: ") }
        #expect(headlines.count == 2, "\(headlines)")
        for (headline, below) in Self.leaked {
            let at = try #require(lines.firstIndex { $0.hasPrefix(headline) }, "\(headline)")
            #expect(lines[at + 1] == below)
            #expect(lines[at].hasSuffix("after LoggedInHolder \"loggedIn\" #10 detached it"))
        }
        // The released logged-out screen and the off-game screen still attached are not named.
        #expect(!why.stdout.contains("LoggedOutModule") && !why.stdout.contains("#22"))

        // dump's text: the same two, the released screen under "released".
        let dump = try Executable.run("graphinspect", ["dump", "--trace", trace], environment: RIBsTicTacToeRun.grace)
        let section = dump.stdout.components(separatedBy: "\nretained after detach\n").last?.components(separatedBy: "\n\n").first ?? ""
        #expect(section.split(separator: "\n").filter { !$0.hasPrefix("    ") }.map { String($0.prefix { $0 != "#" }) }
                == ["  OffGameModule \"offGame\" ", "  TicTacToeModule \"ticTacToe\" "], "\(section)")

        // The test library's assertion fails with the same two reports.
        let snapshot = try SnapshotSource.trace(path: trace).load().snapshot
        let recorded = Mutex<[String]>([])
        withKnownIssue {
            expectNoLeaks(snapshot, grace: .milliseconds(200))
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        let messages = recorded.withLock { $0 }
        #expect(!messages.isEmpty)
        let said = messages.joined(separator: "\n")
        for (headline, below) in Self.leaked { #expect(said.contains(headline) && said.contains(below), "\(said)") }
        #expect(!said.contains("LoggedOutModule"))
    }

    @Test func withTheMistakesRemovedNothingLeaks() throws {
        let trace = try RIBsTicTacToeRun.trace(fixed: true)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let why = try Executable.run("graphinspect", ["why", "--trace", trace], environment: RIBsTicTacToeRun.grace)
        #expect(why.status == 0, "\(why.stdout)")
        #expect(why.stdout.hasPrefix("graphinspect why: no failed lookups in ") && !why.stdout.contains("retained"))
        let snapshot = try SnapshotSource.trace(path: trace).load().snapshot
        expectNoLeaks(snapshot, grace: .milliseconds(200))
        #expect(RetainedAfterDetach.find(in: snapshot, grace: 200_000_000).isEmpty)
    }
}
