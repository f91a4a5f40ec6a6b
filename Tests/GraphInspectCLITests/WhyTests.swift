import Foundation
import GraphInspect
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

@Suite(.ownThread) struct WhyTests {
    var dying: String { Executable.buildFolder.appendingPathComponent("graphinspect-sample-dying").path }

    @Test func whyOnTheDyingSamplePrintsTheReportAndExits1() throws {
        let result = try Executable.run("graphinspect", ["why", "--quiet", "--", dying])
        #expect(result.status == 1)
        #expect(result.stdout == "graphinspect why: 1 failed lookup, most recent first\n\n" + SampleReports.dying + "\n")
        #expect(result.stderr.hasSuffix("was killed by signal 4 (Illegal instruction); showing what it recorded until then\n"))
    }

    @Test func crashingProcessPrintsTheSameReportWhyRebuildsFromItsTrace() throws {
        let run = try Executable.run("graphinspect-sample-dying", [], environment: ["SWIFT_BACKTRACE": "enable=no", "GRAPHINSPECT_TRACE": "/dev/null"])
        #expect(run.stderr.hasPrefix(SampleReports.dying + "\n"))
    }

    /// The leaking sample keeps its settings module alive through a closure that
    /// captures it; `why` reports it as a leak once the grace has passed, and exits 1.
    @Test func whyReportsAModuleRetainedAfterDetachAndExits1() throws {
        let result = try Executable.run("graphinspect", ["why", "--sample", "leaking"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(result.status == 1)
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(lines.first == "graphinspect why: no failed lookups in 27 events")
        #expect(lines.dropFirst(2).first == "graphinspect why: 1 module retained after detach")
        #expect(lines.contains { $0.hasPrefix("retained after detach: SettingsModule \"settings\" #4 is still alive ") && $0.hasSuffix(" after RootHolder \"root\" #2 detached it") })
        #expect(lines.contains("  still alive below it: SettingsComponent #3, ViewComponentObject #5, RouterObject #6"))
        // Searched when the app exited: no object the library knows holds it (a closure does).
        #expect(lines.contains("  held by nothing graphinspect knows: no live component, module, holder, router or view component holds it in a stored property"))
        #expect(lines.contains("    a closure SettingsModule stores that captures it (or its component) strongly: capture it [weak self]"))
        // The released module and the one still attached are not named.
        #expect(!result.stdout.contains("profile") && !result.stdout.contains("chat"))

        // JSON: the same leak as an entry of its own, after the failed lookups (none here).
        let json = try Executable.run("graphinspect", ["why", "--sample", "leaking", "-o", "-", "--format", "json"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(json.status == 1)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["kind"] as? String == "retainedAfterDetach" && entries.first?["leak"] as? Bool == true)
        #expect(entries.first?["label"] as? String == "SettingsModule \"settings\" #4" && entries.first?["aliveBelow"] as? [Int] == [3, 5, 6])
        #expect((entries.first?["report"] as? String)?.hasPrefix("retained after detach: SettingsModule") == true)
        // Searched, held by none of the objects the library knows: `heldBy` is null.
        #expect(entries.first?.keys.contains("heldBy") == true && entries.first?["heldBy"] is NSNull)

        // dump's JSON keeps no times but keeps the verdict: read back, the same leak, exit 1.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("why-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = folder.appendingPathComponent("leaking.json").path
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "leaking", "-o", snapshot], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"]).status == 0)
        let written = try String(contentsOfFile: snapshot, encoding: .utf8)
        #expect(written.components(separatedBy: "\"retained\" : \"leak\"").count == 2, "one node marked")
        let fromJSON = try Executable.run("graphinspect", ["why", "--trace", snapshot], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(fromJSON.status == 1)
        #expect(fromJSON.stdout.contains("retained after detach: SettingsModule \"settings\" #4 was still alive past the grace after RootHolder \"root\" #2 detached it (judged when this snapshot was written; it keeps the verdict, not the times)\n  still alive below it: SettingsComponent #3, ViewComponentObject #5, RouterObject #6\n"), "\(fromJSON.stdout)")

        // So does the baseline, one line on the module's block: read back, the same leak.
        let baseline = folder.appendingPathComponent("leaking.baseline").path
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "leaking", "-o", baseline], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"]).status == 0)
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("SettingsModule \"settings\"\n  built with component ^->graphinspect_sample_leaking.AppComponent->graphinspect_sample_leaking.SettingsComponent\n  retained after detach: leak\n"))
        let fromBaseline = try Executable.run("graphinspect", ["why", "--trace", baseline], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(fromBaseline.status == 1)
        #expect(fromBaseline.stdout.contains("retained after detach: SettingsModule \"settings\" "), "\(fromBaseline.stdout)")

        // A longer grace than the run lasted: alive at exit, not a leak.
        let patient = try Executable.run("graphinspect", ["why", "--sample", "leaking", "--leak-grace", "60000"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(patient.status == 0)
        #expect(patient.stdout.contains("graphinspect why: 1 module alive after detach, within the 60.00 s grace (not called leaks)"))

        // dump's text names it too, with what is alive below it.
        let dump = try Executable.run("graphinspect", ["dump", "--sample", "leaking"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(dump.stdout.contains("\nretained after detach\n  SettingsModule \"settings\" #4  RootHolder \"root\" #2 detached it, alive "))
        #expect(dump.stdout.contains(": a leak\n    held by nothing graphinspect knows: no live component, module, holder, router or view component holds it in a stored property\n    SettingsComponent #3\n    ViewComponentObject #5\n    RouterObject #6\n"), "\(dump.stdout)")

        // The pictures mark it, with a legend entry; Graphviz accepts the DOT.
        let dot = try Executable.run("graphinspect", ["dump", "--sample", "leaking", "--format", "dot", "--view", "all"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(dot.status == 0)
        let settings = dot.stdout.split(separator: "\n").filter { $0.contains("SettingsModule") && $0.contains("#4 · retained after detach") }
        #expect(settings.count == 1 && settings.first?.contains(##"color="#c5221f""##) == true && settings.first?.contains(#"penwidth="3""#) == true, "\(settings)")
        #expect(dot.stdout.contains("retained after detach: a leak"), "the legend names it")
        let svg = try Executable.run("graphinspect", ["dump", "--sample", "leaking", "--format", "svg"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(svg.status == 0 && svg.stdout.contains("<svg") && svg.stdout.contains("retained after detach"))
        let mermaid = try Executable.run("graphinspect", ["dump", "--sample", "leaking", "--format", "mermaid", "--view", "all"], environment: ["GRAPHINSPECT_LEAK_GRACE": "100"])
        #expect(mermaid.stdout.contains("classDef retained stroke:#c5221f"))
    }

    @Test func whyOnAHealthyRunExits0() throws {
        let result = try Executable.run("graphinspect", ["why"])
        #expect(result.status == 0)
        #expect(result.stdout == "graphinspect why: no failed lookups in 67 events\n")
    }

    @Test func dependencyOptionNarrowsTheReports() throws {
        let other = try Executable.run("graphinspect", ["why", "--dependency", "analytics", "--quiet", "--", dying])
        #expect(other.status == 0)
        #expect(other.stdout == "graphinspect why: no failed lookups of analytics in 70 events\n")
        let same = try Executable.run("graphinspect", ["why", "--dependency", "paymentService", "--quiet", "--", dying])
        #expect(same.status == 1)
        #expect(same.stdout.hasPrefix("graphinspect why: 1 failed lookup of paymentService, most recent first\n"))
    }

    @Test func jsonFormatGivesTheReportsAsData() throws {
        let result = try Executable.run("graphinspect", ["why", "--format", "json", "--quiet", "--", dying])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 1)
        #expect(json[0]["kind"] as? String == "dependency")
        let report = try #require(json[0]["report"] as? [String: Any])
        let request = try #require(report["request"] as? [String: Any])
        #expect(request["name"] as? String == "paymentService")
        #expect((report["walk"] as? [Any])?.count == 2)
        #expect((report["elsewhere"] as? [Any])?.count == 1)
    }

    /// As with every command that writes, the output's extension picks the format:
    /// `-o report.json` wrote text.
    @Test func theOutputsExtensionPicksTheFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("why-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("report.json").path
        #expect(try Executable.run("graphinspect", ["why", "-o", json, "--quiet", "--", dying]).status == 1)
        let reports = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [[String: Any]]
        #expect(reports?.first?["kind"] as? String == "dependency")
        let text = folder.appendingPathComponent("report.txt").path
        #expect(try Executable.run("graphinspect", ["why", "-o", text, "--quiet", "--", dying]).status == 1)
        #expect(try String(contentsOfFile: text, encoding: .utf8).hasPrefix("graphinspect why: 1 failed lookup"))
        let contradiction = try Executable.run("graphinspect", ["why", "--format", "text", "-o", json])
        #expect(contradiction.status == 64)
        let unwritten = try Executable.run("graphinspect", ["why", "-o", folder.appendingPathComponent("report.svg").path])
        #expect(unwritten.status == 64)
        #expect(unwritten.stderr.contains("text, json"), "\(unwritten.stderr)")
    }

    /// A music player whose now-playing screen asks for the lyrics service after the search module
    /// that provided it was detached: `why` reads the trace and names the released provider, the
    /// detach and the fix, word for word as the process reported it; with search still attached,
    /// the report is the one without releases.
    @Test func whyNamesAProviderReleasedBeforeTheLookupAndTheDetachThatReleasedIt() throws {
        for detaches in [true, false] {
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("lyrics-\(UUID().uuidString).ndjson").path
            defer { try? FileManager.default.removeItem(atPath: trace) }
            let live = try GraphObservation.withObserver(TraceFileWriter(path: trace)) { () -> MissingDependency? in
                let player = LyricsPlayer()
                if detaches { player.root.detach(ModuleKey("search")) }
                do throws(MissingDependency) {
                    _ = try player.nowPlaying.resolve("lyrics", as: Lyrics.self, fileID: "Player/NowPlaying.swift", line: 42)
                    return nil
                } catch {
                    return error
                }
            }
            let report = try #require(live?.report(style: .plain))
            let result = try Executable.run("graphinspect", ["why", "--trace", trace])
            #expect(result.status == 1)
            #expect(result.stdout == "graphinspect why: 1 failed lookup, most recent first\n\n" + report + "\n")
            let lines = result.stdout.components(separatedBy: "\n")
            if detaches {
                #expect(lines.contains("  released before the lookup (provided, then let go):"), "\(result.stdout)")
                #expect(lines.contains { $0.hasPrefix("    `lyrics: Lyrics` at ^->LyricsAppComponent->LyricsSearchComponent, released ") && $0.hasSuffix(#" before the lookup when LyricsHolder "root" detached LyricsSearchModule "search"; nearest common ancestor: LyricsAppComponent"#) }, "\(result.stdout)")
                #expect(lines.contains(#"  fix: move `lyrics: Lyrics` from LyricsSearchComponent up to LyricsAppComponent, which outlives the detach, or keep LyricsSearchModule "search" attached to LyricsHolder "root" while LyricsNowPlayingComponent needs it"#), "\(result.stdout)")
            } else {
                #expect(!result.stdout.contains("released"))
                #expect(lines.contains("  fix: move `lyrics: Lyrics` from LyricsSearchComponent up to LyricsAppComponent, which both reach"), "\(result.stdout)")
            }
        }
    }

    @Test func failuresAreListedMostRecentFirstAndReportTheTreeOfTheirMoment() throws {
        let recorder = GraphRecorder()
        let snapshot = try GraphObservation.withObserver(recorder) { () throws -> GraphSnapshot in
            let root = Component(parent: nil)
            let early = Component(parent: root)
            _ = try? early.resolve("first", as: Int.self)
            let holder = ModuleHolderObject(key: "root", holder: nil, context: EmptyContext(), component: root)
            _ = holder.module(for: "second", as: (any Module).self)
            return recorder.snapshot()
        }
        let why = try GraphInspectCommand.Why.parse([])
        let selected = why.select(snapshot.failures())
        #expect(selected.map(\.requestedName) == ["second", "first"])
        let text = try why.render(selected, events: snapshot.events.count, format: .text, style: .plain)
        #expect(text.hasPrefix("graphinspect why: 2 failed lookups, most recent first\n\nerror: no module \"second\" from ModuleHolderObject \"root\" up to the root holder\n"))
    }
}

final class Lyrics: Sendable {}
final class LyricsAppComponent: Component, RootComponent {}
final class LyricsSearchComponent: Component {
    let lyrics = Lyrics()
}
final class LyricsNowPlayingComponent: Component {}
final class LyricsHolder: ModuleHolderObject {}
final class LyricsSearchModule: ModuleObject {}

/// A music player: the root holder with its search module, which provides `lyrics`, and the
/// now-playing component beside it.
struct LyricsPlayer {
    let app = LyricsAppComponent(parent: nil)
    let root: LyricsHolder
    let nowPlaying: LyricsNowPlayingComponent

    init() {
        root = LyricsHolder(key: "root", holder: nil, context: EmptyContext(), component: app)
        root.attach(LyricsSearchModule(key: "search", holder: root, component: LyricsSearchComponent(parent: app)))
        nowPlaying = LyricsNowPlayingComponent(parent: app)
    }
}
