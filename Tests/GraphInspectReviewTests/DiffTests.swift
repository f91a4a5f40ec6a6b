import Foundation
import Testing
@testable import GraphInspectCLI
import GraphInspect
import GraphInspectReview
import GraphInspectTestSupport

@Suite(.ownThread) struct DiffTests {
    /// JSON snapshots of the sample and of its changed variant, written to temporary files.
    static func recordings() throws -> (old: String, new: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = folder.appendingPathComponent("old.json").path, new = folder.appendingPathComponent("new.json").path
        try Data(try GraphInspectCommand.Dump.parse(["--format", "json"]).render().utf8).write(to: URL(fileURLWithPath: old))
        try Data(try GraphInspectCommand.Dump.parse(["--format", "json", "--sample", "modules-changed"]).render().utf8).write(to: URL(fileURLWithPath: new))
        return (old, new)
    }

    @Test func diffOfTwoRunsPrintsExactlyTheChanges() throws {
        let (old, new) = try Self.recordings()
        let result = try Executable.run("graphinspect", ["diff", old, new])
        #expect(result.status == 1)
        #expect(result.stdout == """
            graphinspect diff: 5 changes
            - component ^->AppComponent->SettingsComponent
            - module ^->RootHolder "root"->SettingsModule "settings"
            - viewComponent ^->RootHolder "root"->SettingsModule "settings"->ViewComponentObject
            - router ^->RootHolder "root"->SettingsModule "settings"->ViewComponentObject->SettingsRouter
            ~ lookup featureFlags: FeatureFlags by component ^->AppComponent->ProfileComponent->AvatarComponent: component ^->AppComponent -> component ^->AppComponent->ProfileComponent

            """)
    }

    /// A run that gains a missing dependency has changed shape, even where the component asking
    /// was there before: a CI gate on `diff` must not pass it.
    @Test func aNewMissingDependencyIsAChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.json").path, new = folder.appendingPathComponent("new.json").path
        try Data(try GraphInspectCommand.Dump.parse(["--format", "json"]).render().utf8).write(to: URL(fileURLWithPath: old))
        try Data(try GraphInspectCommand.Dump.parse(["--format", "json", "--sample", "modules-dying"]).render().utf8).write(to: URL(fileURLWithPath: new))
        let result = try Executable.run("graphinspect", ["diff", old, new])
        #expect(result.status == 1)
        #expect(result.stdout.contains("~ lookup paymentService: PaymentService by component ^->AppComponent->CheckoutComponent: not made -> MISSING\n"), "\(result.stdout)")
        // The lookup alone, its component already in the old run.
        var before = try JSONDecoder().decode(GraphSnapshot.self, from: Data(contentsOf: URL(fileURLWithPath: new)))
        // How the run ended is a change of its own (DiffEndingTests); this is the lookup's.
        before.ending = nil
        let withoutMiss = GraphSnapshot(events: before.events.filter { event in
            if case .lookup(let lookup) = event { return lookup.provider != nil }
            return true
        })
        let diff = GraphDiff(old: withoutMiss, new: before)
        #expect(diff.text() == "graphinspect diff: 1 change\n~ lookup paymentService: PaymentService by component ^->AppComponent->CheckoutComponent: not made -> MISSING\n")
    }

    @Test func sameRecordingTwiceIsNoChangeAndExits0() throws {
        let (old, _) = try Self.recordings()
        let result = try Executable.run("graphinspect", ["diff", old, old])
        #expect(result.status == 0)
        #expect(result.stdout == "graphinspect diff: no changes\n")
    }

    @Test func tracesAndSnapshotsCompareAlike() throws {
        let (old, _) = try Self.recordings()
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        _ = try Executable.run("graphinspect-sample", [], environment: ["GRAPHINSPECT_TRACE": trace])
        let result = try Executable.run("graphinspect", ["diff", trace, old])
        #expect(result.stdout == "graphinspect diff: no changes\n")
        #expect(result.status == 0)
    }

    @Test func unreadableInputExits2() throws {
        let missing = try Executable.run("graphinspect", ["diff", "/nonexistent.json", "/nonexistent.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "Error: cannot read /nonexistent.json: no such file. Record one with `graphinspect dump --format json -o FILE -- APP`, or check the path.\n")
        let notJSON = FileManager.default.temporaryDirectory.appendingPathComponent("x-\(UUID().uuidString).txt").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: notJSON))
        let wrong = try Executable.run("graphinspect", ["diff", notJSON, notJSON])
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "Error: \(notJSON): not a graphinspect snapshot (not JSON); expected the JSON of `graphinspect dump --format json`, or a trace\n")
    }

    @Test func dotDiffColoursAddedRemovedAndChanged() throws {
        let (old, new) = try Self.recordings()
        let result = try Executable.run("graphinspect", ["diff", "--format", "dot", old, new])
        #expect(result.status == 1)
        // The settings component is drawn removed (red, dashed); the featureFlags lookup's new provider
        // edge changed (orange); the legend says what the colours mean.
        #expect(result.stdout.contains(##"[color="#c62828", fillcolor="#e8f0fe", fontcolor="#c62828", label="SettingsComponent\nin SettingsModule\n\"settings\"\nself: theme", penwidth="3", shape="box", style="rounded,filled,dashed"]"##))
        #expect(result.stdout.contains(##"[color="#ef6c00", dir="back", fontcolor="#ef6c00", label="profileStore\nfeatureFlags", penwidth="3", style="dashed"]"##))
        #expect(result.stdout.contains("removed: only in the old run") && result.stdout.contains("changed: moved, or another provider"))
        let svg = try Executable.run("graphinspect", ["diff", "--format", "svg", old, new])
        #expect(svg.stdout.hasPrefix("<?xml"))
    }
}
