import Foundation
import GraphInspectTestSupport
import Testing

/// `graphinspect profile` as a person runs it: on a recorded trace, a bundled sample and an app,
/// each format where it is asked for, and a recording it cannot profile said clearly.
@Suite struct ProfileCommandTests {
    static let root = Golden.packageRoot
    static let trace = "Examples/SlowStart/slow-start.ndjson"

    func profile(_ arguments: [String]) throws -> Executable.Output {
        try Executable.run("graphinspect", ["profile"] + arguments, environment: ["SWIFT_BACKTRACE": "enable=no"], directory: Self.root)
    }

    @Test func theRecordedTraceGivesTheSameTextEveryTime() throws {
        let first = try profile([Self.trace]), second = try profile(["--trace", Self.trace])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("@Lazy imageDecoder: ImageDecoder in ShopComponent #1 (GraphInspectSample/SlowStartApp.swift:26)"))
    }

    @Test func theOutputsExtensionPicksTheFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, starts) in [("startup.trace.json", "{\"displayTimeUnit\""), ("startup.json", "{\n  \"budget\""), ("startup.svg", "<?xml"), ("startup.dot", "digraph timeline")] {
            let path = folder.appendingPathComponent(name).path
            let result = try profile([Self.trace, "-o", path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(starts), "\(name)")
        }
        // A trace is JSON: asked for by name, a .json file takes it.
        let named = folder.appendingPathComponent("run.json").path
        #expect(try profile([Self.trace, "--format", "trace", "-o", named]).status == 0)
        #expect(try String(contentsOfFile: named, encoding: .utf8).hasPrefix("{\"displayTimeUnit\""))
        let mermaid = try profile([Self.trace, "-o", folder.appendingPathComponent("x.mmd").path])
        #expect(mermaid.status == 64)
        #expect(mermaid.stderr.contains("x.mmd") && mermaid.stderr.contains("trace"), "\(mermaid.stderr)")
    }

    @Test func aRecordingWithoutTimesIsAClearError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("untimed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("run.json").path
        #expect(try Executable.run("graphinspect", ["dump", "--format", "json", "-o", json]).status == 0)
        let result = try profile([json])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: \(json) carries no times, so there is nothing to profile:"), "\(result.stderr)")
        // With --times the same JSON profiles.
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "slow-start", "--format", "json", "--times", "-o", json]).status == 0)
        let timed = try profile([json])
        #expect(timed.status == 0, "\(timed.stderr)")
        #expect(timed.stdout.contains("to mark \"launched\""))
    }

    @Test func aMarkTheRunNeverSetIsSaid() throws {
        let result = try profile([Self.trace, "--until", "firstFrame"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("graphinspect profile: warning: the run set no mark \"firstFrame\"; the startup runs to the last event"))
        #expect(result.stdout.contains("to the last event"))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        #expect(try profile([Self.trace, "--budget", "-3"]).status == 64)
        #expect(try profile([Self.trace, "--sample", "slow-start"]).status == 64)
        #expect(try Executable.run("graphinspect", ["dump", "--times"]).status == 64)
    }

    @Test func anAppIsRunAndProfiled() throws {
        let result = try profile(["--quiet", "--", Executable.buildFolder.appendingPathComponent("graphinspect-sample").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("graphinspect profile: startup "))
        #expect(result.stdout.contains("OnboardingBuilder builds OnboardingModule \"onboarding\" #4  GraphInspectSample/SampleApp.swift:"))
    }
}
