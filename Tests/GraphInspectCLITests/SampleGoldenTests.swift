import Foundation
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// Every bundled sample of the seeds' architectures: its tree and DOT pinned, its binary dumping
/// the same as the in-process run, and listed by `graphinspect samples`.
@Suite(.ownThread) struct SampleGoldenTests {
    static let samples = ["school", "signup", "screen"]

    @Test(arguments: samples)
    func textAndDOTArePinned(_ sample: String) throws {
        try Golden.check(try GraphInspectCommand.Dump.parse(["--sample", sample]).render(), against: "samples/\(sample).txt")
        try Golden.check(try GraphInspectCommand.Dump.parse(["--sample", sample, "--format", "dot"]).render(), against: "samples/\(sample).dot")
    }

    @Test(arguments: samples)
    func binaryDumpsLikeTheInProcessRun(_ sample: String) throws {
        let binary = Executable.buildFolder.appendingPathComponent("graphinspect-sample-\(sample)").path
        let result = try Executable.run("graphinspect", ["dump", "--quiet", "--", binary])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try GraphInspectCommand.Dump.parse(["--sample", sample]).render()))
    }

    @Test func samplesCommandListsEverySample() throws {
        let result = try Executable.run("graphinspect", ["samples"])
        #expect(result.status == 0)
        let names = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(names == ["modules", "modules-dying", "modules-changed", "leaking", "slow-start", "slow-start-fast", "school", "signup", "screen"])
        #expect(result.stdout.contains("signup           RVB:"))
        #expect(!result.stdout.contains("seed"), "no internal jargon in what users read")
    }

    @Test func unknownSampleNamesTheChoices() throws {
        let result = try Executable.run("graphinspect", ["dump", "--sample", "nope"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("No sample named nope; the samples are modules, modules-dying, modules-changed, leaking, slow-start, slow-start-fast, school, signup, screen."))
    }

    @Test func sessionsPrintWhatHappened() throws {
        let school = try Executable.run("graphinspect-sample-school", [])
        #expect(school.stdout.contains("school: enroll Ada 1 twice: Ada 1 is already enrolled in Math\n"))
        #expect(school.stdout.contains("school: enroll Ada 4: Math is full (30 students)\n"))
        let signup = try Executable.run("graphinspect-sample-signup", [])
        #expect(signup.stdout.contains("signup: D finished; Root heard it: true; flow dismissed: true\n"))
        let screen = try Executable.run("graphinspect-sample-screen", [])
        #expect(screen.stdout.contains("screen: saved; interactor saved [\"fr\"]; Saved: fr\n"))
    }
}
