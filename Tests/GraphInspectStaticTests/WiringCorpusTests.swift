import Foundation
import GraphInspect
import GraphInspectCheckContract
@testable import GraphInspectStatic
import Testing

/// `check` held to the run on apps wired in many idioms (Examples/WiringCorpus): every app the
/// corpus executable holds is run with a trace and read from its one source file, and the
/// reading must tell the run's truth (`RunOracle`). `scripts/wiring-corpus COUNT [FIRST]`
/// builds and runs more; a failing seed is printed, to be replayed alone.
@Suite(.serialized) struct WiringCorpusTests {
    static let executable = "graphinspect-wiring-corpus"
    static let apps = FidelityTests.root.appendingPathComponent("Examples/WiringCorpus/Apps")

    static func seeds() throws -> [UInt64] {
        try output(["list"]).split(separator: "\n").compactMap { UInt64($0) }
    }

    static func output(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = FidelityTests.executable(executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func source(_ seed: UInt64) throws -> [StaticReader.SourceFile] {
        let path = apps.appendingPathComponent("W\(seed).swift").path
        return [StaticReader.SourceFile(path: path, module: "WiringCorpus", text: try String(contentsOfFile: path, encoding: .utf8))]
    }

    /// Each app's disagreements, by seed (none: the reading told the run's truth).
    static func disagreements(_ seeds: [UInt64]) throws -> [UInt64: [String]] {
        var found: [UInt64: [String]] = [:]
        for seed in seeds {
            let (run, ended) = try FidelityTests.traced(executable, arguments: ["run", String(seed)])
            let oracle = RunOracle(run: run, ranToTheEnd: ended, graph: StaticReader.graph(of: try source(seed)))
            let differences = oracle.disagreements
            if !differences.isEmpty { found[seed] = differences }
        }
        return found
    }

    @Test func everyAppIsReadAsItRuns() throws {
        let seeds = try Self.seeds()
        #expect(!seeds.isEmpty, "the corpus holds no app")
        let found = try Self.disagreements(seeds)
        for (seed, lines) in found.sorted(by: { $0.key < $1.key }) {
            let text = lines.joined(separator: "\n  ")
            Issue.record("seed \(seed) (Examples/WiringCorpus/Apps/W\(seed).swift) disagrees with its run:\n  \(text)")
        }
        let failing = found.keys.sorted().map { String($0) }.joined(separator: ", ")
        print("wiring corpus: \(seeds.count) apps, \(seeds.count - found.count) read as they ran, \(found.count) disagreeing\(found.isEmpty ? "" : ": seeds \(failing)")")
    }

    /// The apps compiled are what the generator writes for their seeds.
    @Test func theCorpusIsTheGeneratorsOutput() throws {
        for seed in try Self.seeds() {
            let written = try String(contentsOfFile: Self.apps.appendingPathComponent("W\(seed).swift").path, encoding: .utf8)
            #expect(try Self.output(["source", String(seed)]) == written, "W\(seed).swift is not the generator's output: regenerate it")
        }
    }

    /// Without the model of what `attach` returns, the oracle sees the reading go wrong: the
    /// corpus can tell a reader that follows the idioms from one that does not.
    @Test func aReaderWithoutAnIdiomsModelDisagrees() throws {
        let dropped = RuntimeDeclarations.standIns.replacingOccurrences(of: "        return built\n", with: "")
        #expect(dropped != RuntimeDeclarations.standIns)
        let found = try RuntimeDeclarations.$standIns.withValue(dropped) { try Self.disagreements(Self.seeds()) }
        #expect(found.count >= 5, "dropping the model of attach's result made \(found.count) apps disagree")
    }
}
