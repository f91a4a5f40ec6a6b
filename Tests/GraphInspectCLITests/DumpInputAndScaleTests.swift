import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectText
import GraphInspectTrace
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// Hostile input and scale: every case either works or fails with a clear message, never a crash
/// or a hang.
@Suite(.ownThread) struct DumpInputAndScaleTests {
    @Test func traceTruncatedAtEveryByteOffsetReadsOrFailsClearly() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let lines = [
            #"{"format":"graphinspect-trace","version":1}"#,
            #"{"event":"created","id":1,"kind":"component","type":"App.Root","providers":[]}"#,
            #"{"event":"created","id":2,"kind":"component","type":"App.Leaf","parent":1}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2,1],"cacheHit":false}"#,
        ]
        let whole = Array((lines.joined(separator: "\n") + "\n").utf8)
        var read = 0, refused = 0
        for length in 0...whole.count {
            try Data(whole.prefix(length)).write(to: URL(fileURLWithPath: trace))
            do {
                let result = try TraceReader().read(path: trace)
                read += 1
                #expect(result.eventCount <= 3)
                #expect(result.warnings.allSatisfy { $0.message.contains("cut off") })
            } catch {
                refused += 1
                // Only a cut inside the header (or an empty file) is refused.
                #expect(length <= lines[0].utf8.count, "offset \(length): \(error)")
                #expect(error.problem == .empty || error.problem == .notATrace)
            }
        }
        #expect(read + refused == whole.count + 1)
    }

    /// Endless or binary input stops at once with the line it is on, holding no more than a line.
    @Test func endlessInputStopsWithAClearErrorWithoutFillingMemory() throws {
        let zero = try Executable.run("graphinspect", ["dump", "--trace", "/dev/zero"])
        #expect(zero.status == 65)
        #expect(zero.stderr == "Error: /dev/zero: not a graphinspect snapshot (not JSON); expected the JSON of `graphinspect dump --format json`, or a trace\n")
        // A trace whose second line never ends (17 MiB of it here).
        let long = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: long) }
        var bytes = Array(#"{"format":"graphinspect-trace","version":2}"#.utf8) + [0x0A]
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: TraceReader.maxLineBytes + 1_000_000)
        try Data(bytes).write(to: URL(fileURLWithPath: long))
        let cut = try Executable.run("graphinspect", ["dump", "--trace", long])
        #expect(cut.status == 65)
        #expect(cut.stderr == "Error: \(long):2: the line is longer than 16777216 bytes (16 MiB) and reading stopped there; a trace line is a few hundred bytes, so this is not a trace (or it is damaged)\n")
        // The same trace on standard input, and text that is neither kind.
        let piped = try Executable.run("graphinspect", ["dump", "--trace", "-"], input: Data(bytes))
        #expect(piped.stderr == "Error: standard input:2: the line is longer than 16777216 bytes (16 MiB) and reading stopped there; a trace line is a few hundred bytes, so this is not a trace (or it is damaged)\n")
        let text = try Executable.run("graphinspect", ["dump", "--trace", "-"], input: Data(String(repeating: "y\n", count: 100_000).utf8))
        #expect(text.stderr == "Error: standard input: not a graphinspect snapshot (not JSON); expected the JSON of `graphinspect dump --format json`, or a trace\n")
    }

    @Test func hundredThousandNodeTreeDumpsAsTextAndDOT() throws {
        var events: [GraphEvent] = []
        for index in 1...100_000 {
            let parent = index == 1 ? nil : ObjectID(UInt64((index - 2) / 4 + 1))
            events.append(.created(NodeCreated(id: ObjectID(UInt64(index)), kind: .component, type: "App.C", parent: parent)))
        }
        let snapshot = GraphSnapshot(events: events)
        let text = TreeTextWriter().write(snapshot)
        #expect(text.split(separator: "\n").count == 100_002)
        let dot = try DOTWriter().write(snapshot, options: DiagramOptions(legend: false))
        #expect(dot.components(separatedBy: " -> ").count - 1 == 99_999)
    }

    @Test func tenThousandDeepChainDumpsAsDOT() throws {
        var events: [GraphEvent] = []
        for index in 1...10_000 {
            events.append(.created(NodeCreated(id: ObjectID(UInt64(index)), kind: .component, type: "App.C", parent: index == 1 ? nil : ObjectID(UInt64(index - 1)))))
        }
        let dot = try DOTWriter().write(GraphSnapshot(events: events), options: DiagramOptions(depth: 20, legend: false))
        #expect(dot.components(separatedBy: " -> ").count - 1 == 20)
    }

    @Test func readOnlyOutputFolderIsAClearErrorAndLeavesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        let target = folder.appendingPathComponent("tree.svg").path
        let result = try Executable.run("graphinspect", ["dump", "--format", "svg", "--output", target])
        if getuid() == 0 {
            // root writes anyway; what must hold is that the file is whole.
            #expect(result.status == 0)
            #expect(try String(contentsOfFile: target, encoding: .utf8).hasSuffix("</svg>\n"))
        } else {
            #expect(result.status == 1)
            #expect(result.stderr.contains("is not writable"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test func secondProcessRecordingToTheSamePathIsRefusedNotInterleaved() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("two-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let first = try Executable.startRecordingForever(to: trace, until: 1)
        defer { ChildProcesses.end(first) }
        let second = try Executable.run("graphinspect-sample", [], environment: ["GRAPHINSPECT_TRACE": trace])
        #expect(second.status == 0)
        #expect(second.stderr == "graphinspect: cannot record to \(trace): another process is recording to it; this run is not recorded\n")
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        // What is on disk is the first process's trace alone, readable to its last complete line.
        let result = try TraceReader().read(path: trace)
        #expect(result.header.program == "graphinspect-sample")
        #expect(result.eventCount > 0)
    }
}
