import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectSample
import GraphInspectStatic
import GraphInspectTrace
import Testing

/// The static reading of each bundled sample and the article's example against what a run of it
/// records: components, parents, providers, lookups, module lookups and held modules must agree
/// fact for fact (the fidelity printed is agreed facts over all facts).
@Suite struct FidelityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The module-architecture sample's own files (its other architectures live in subfolders).
    static func moduleSampleFiles(withCheckout: Bool) throws -> [StaticReader.SourceFile] {
        try StaticReader.files(in: [root.appendingPathComponent("Sources/GraphInspectSample").path]).filter { file in
            let name = (file.path as NSString).lastPathComponent
            return !file.path.contains("/School/") && !file.path.contains("/Screen/") && !file.path.contains("/SignUp/") && !file.path.contains("/SlowStart/")
                && (withCheckout || name != "CheckoutModule.swift")
        }
    }

    static func files(_ folder: String) throws -> [StaticReader.SourceFile] {
        try StaticReader.files(in: [root.appendingPathComponent(folder).path])
    }

    static func record<App>(_ app: () -> App) -> GraphSnapshot {
        let recorder = GraphRecorder()
        let alive = GraphObservation.withObserver(recorder, operation: app)
        return withExtendedLifetime(alive) { recorder.snapshot() }
    }

    /// Runs one of the package's executables with a trace, and reads what it recorded (also when
    /// it dies, as the dying sample does).
    static func traced(_ executable: String) throws -> GraphSnapshot {
        try traced(executable, arguments: []).snapshot
    }

    /// The package's executable of that name, beside the test bundle.
    static func executable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while folder.pathComponents.count > 1, !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    /// Runs the executable with `arguments` and a trace: what it recorded, and whether it exited 0.
    static func traced(_ executable: String, arguments: [String]) throws -> (snapshot: GraphSnapshot, exitedNormally: Bool) {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString).trace").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let process = Process()
        process.executableURL = Self.executable(executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GRAPHINSPECT_TRACE"] = trace
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let exited = process.terminationReason == .exit && process.terminationStatus == 0
        return (try TraceReader().read(path: trace).snapshot, exited)
    }

    @discardableResult
    static func expectAgreement(_ name: String, _ files: [StaticReader.SourceFile], _ live: GraphSnapshot) -> GraphComparison {
        let graph = StaticReader.graph(of: files)
        let comparison = GraphComparison(static: graph.facts, live: GraphFacts(snapshot: live))
        let percent = String(format: "%.1f", comparison.fidelity * 100)
        print("fidelity \(name): \(percent)% (\(comparison.agreed.count) facts agreed, \(comparison.onlyStatic.count) only read, \(comparison.onlyLive.count) only run)")
        #expect(comparison.onlyStatic == [], "\(name): read from source, not done by the run")
        #expect(comparison.onlyLive == [], "\(name): done by the run, not read from source")
        return comparison
    }

    @Test func modulesSample() throws {
        let comparison = Self.expectAgreement("modules", try Self.moduleSampleFiles(withCheckout: false), Self.record { SampleApp.run() })
        #expect(comparison.agreed.count > 40)
        #expect(StaticReader.graph(of: try Self.moduleSampleFiles(withCheckout: false)).diagnostics == [])
    }

    /// The dying sample ends at checkout's failed lookup, inside its builder: the run never gets
    /// to hold the module, which the code would. That one fact is the death, not a reader's gap.
    @Test func dyingSample() throws {
        let graph = StaticReader.graph(of: try Self.moduleSampleFiles(withCheckout: true))
        let run = try Self.traced("graphinspect-sample-dying")
        let comparison = GraphComparison(static: graph.facts, live: GraphFacts(snapshot: run))
        print("fidelity modules-dying: \(String(format: "%.1f", comparison.fidelity * 100))% (\(comparison.agreed.count) facts agreed; the run dies before holding checkout)")
        #expect(comparison.onlyLive == [])
        #expect(comparison.onlyStatic == ["holds RootHolder.checkout"])
        #expect(comparison.agreed.contains("lookup CheckoutComponent.paymentService"))
        #expect(graph.errors.map(\.message) == ["missing dependency `paymentService: PaymentService`"])
        // The same words as the report the app died with, and the same place: the reading names
        // the lookup's file by path, the run by module and file (as `#fileID` does), on one line.
        let died = try #require(run.failures().first).report(style: .plain)
        let read = try #require(graph.errors.first)
        let location = " (\(read.position.file):\(read.position.line))"
        let fileID = "GraphInspectSample/" + (read.position.file.split(separator: "/").last.map(String.init) ?? "")
        let runLocation = " (\(fileID):\(read.position.line))"
        #expect(died.contains(runLocation), "\(died)")
        #expect((["error: " + read.message] + read.details).joined(separator: "\n").replacingOccurrences(of: location, with: "") == died.replacingOccurrences(of: runLocation, with: ""))
    }

    /// The changed variant runs the same sources with settings left out: every fact of its run is
    /// read from source, and what the reading has beyond it is the settings module alone.
    @Test func changedVariantIsASubsetOfTheReading() throws {
        let graph = StaticReader.graph(of: try Self.moduleSampleFiles(withCheckout: false))
        let comparison = GraphComparison(static: graph.facts, live: GraphFacts(snapshot: Self.record { SampleApp.run(.changed) }))
        print("fidelity modules-changed: \(String(format: "%.1f", comparison.fidelity * 100))% (the run leaves settings out)")
        #expect(comparison.onlyLive == [])
        #expect(comparison.onlyStatic.allSatisfy { $0.contains("Settings") || $0.contains("settings") })
    }

    @Test func seedArticle() throws {
        let comparison = Self.expectAgreement("seed-article", try Self.files("Examples/SeedArticle"), try Self.traced("graphinspect-seed-article"))
        #expect(comparison.agreed.contains("lookup SomeComponentImpl.depA"))
    }

    /// The other architectures record their own kinds of node through `GraphRecord`; they have no
    /// components or holders, and the reading finds none.
    @Test(arguments: ["school", "signup", "screen"])
    func otherArchitectures(name: String) throws {
        let folder = ["school": "School", "signup": "SignUp", "screen": "Screen"][name]!
        let live: GraphSnapshot
        switch name {
        case "school": live = Self.record { SchoolApp.run().app }
        case "signup": live = Self.record { SignUpApp.run() }
        default: live = Self.record { ScreenApp.run().screen }
        }
        Self.expectAgreement(name, try Self.files("Sources/GraphInspectSample/\(folder)"), live)
    }
}
