import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTrace

/// Writes `text` to a fresh temporary file and returns its path.
func temporaryTrace(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).ndjson").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

let header = #"{"format":"graphinspect-trace","version":1,"pid":42,"program":"App"}"#
let root = #"{"event":"created","id":1,"kind":"component","type":"App.Root","providers":[]}"#
let child = #"{"event":"created","id":2,"kind":"component","type":"App.Child","parent":1}"#
let hit = #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2,1],"provider":1,"cacheHit":false}"#

@Suite struct TraceReaderTests {
    /// The error reading `text` gives, as printed.
    func failure(_ text: String) throws -> String {
        let path = try temporaryTrace(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try TraceReader().read(path: path)
            return "no error"
        } catch {
            return error.description.replacingOccurrences(of: path, with: "T")
        }
    }

    @Test func wellFormedTraceReadsIntoASnapshot() throws {
        let path = try temporaryTrace([header, root, child, hit].joined(separator: "\n") + "\n")
        let result = try TraceReader().read(path: path)
        #expect(result.header == TraceHeader(version: 1, pid: 42, program: "App"))
        #expect(result.eventCount == 3)
        #expect(result.warnings.isEmpty)
        #expect(result.snapshot.nodes.map(\.type) == ["App.Root", "App.Child"])
        #expect(result.snapshot.lookups.first?.walk == [ObjectID(2), ObjectID(1)])
    }

    @Test func cutOffLastLineIsDroppedWithAWarningNamingTheLine() throws {
        let path = try temporaryTrace([header, root, child, String(hit.prefix(30))].joined(separator: "\n"))
        let result = try TraceReader().read(path: path)
        #expect(result.eventCount == 2)
        #expect(result.warnings.map { $0.description.replacingOccurrences(of: path, with: "T") } == [
            "T:4: warning: the last line is cut off (the recording stopped while writing it); it was dropped",
        ])
    }

    @Test func emptyFileIsNotATrace() throws {
        #expect(try failure("") == #"T: the file is empty; expected a graphinspect trace, whose first line is {"format":"graphinspect-trace","version":4,...}"#)
    }

    @Test func otherFileIsNotATrace() throws {
        #expect(try failure("hello\nworld\n") == #"T:1: not a graphinspect trace; expected a first line {"format":"graphinspect-trace","version":4,...}"#)
        #expect(try failure(#"{"format":"something-else","version":1}"# + "\n") == #"T:1: not a graphinspect trace; expected a first line {"format":"graphinspect-trace","version":4,...}"#)
    }

    @Test func unknownVersionIsRefused() throws {
        #expect(try failure(#"{"format":"graphinspect-trace","version":7}"# + "\n") == "T:1: trace format version 7 is not supported; this graphinspect reads versions 1 to 4. Use the graphinspect that matches the recording runtime.")
    }

    @Test func malformedLineInTheMiddleIsAnError() throws {
        #expect(try failure([header, root, "{not json", child].joined(separator: "\n") + "\n") == "T:3: not a JSON object; expected one event per line")
    }

    @Test func lineWithoutAnEventNameIsAnError() throws {
        #expect(try failure([header, #"{"id":1}"#].joined(separator: "\n") + "\n") == #"T:2: no "event" field; expected an event object such as {"event":"created",...}"#)
    }

    /// What the app found holding a node, read back; a holder no line created is refused.
    @Test func heldLinesAreReadAndCheckedLikeAnyOther() throws {
        let held = #"{"event":"held","id":2,"holder":1,"path":".screens[2]"}"#
        let path = try temporaryTrace([header, root, child, held, #"{"event":"held","id":1}"#].joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try TraceReader().read(path: path)
        #expect(result.snapshot.events.suffix(2) == [.held(HeldBy(id: ObjectID(2), holder: ObjectID(1), path: ".screens[2]")), .held(HeldBy(id: ObjectID(1)))])
        #expect(result.snapshot.eventCount == 2, "the search's answers are not the run's events")
        let unknown = try failure([header, root, #"{"event":"held","id":1,"holder":9}"#].joined(separator: "\n") + "\n")
        #expect(unknown.hasPrefix("T:3: "), "\(unknown)")
    }

    @Test func unknownEventIsAnError() throws {
        #expect(try failure([header, #"{"event":"teleported"}"#].joined(separator: "\n") + "\n") == #"T:2: unknown event "teleported"; expected one of "created", "builderStarted", "builderFinished", "moduleAttached", "moduleDetached", "routerAttached", "lookup", "sharedCreated", "moduleLookup", "released", "linked", "held", "marked", "ended", "repeated""#)
    }

    @Test func missingOrMistypedFieldIsNamed() throws {
        #expect(try failure([header, #"{"event":"created","id":1,"type":"App.Root"}"#].joined(separator: "\n") + "\n") == #"T:2: created event: field "kind" is missing"#)
        #expect(try failure([header, root, #"{"event":"released","id":"one"}"#].joined(separator: "\n") + "\n") == #"T:3: released event: field "id" is not a non-negative integer"#)
        #expect(try failure([header, root, child, #"{"event":"lookup","requester":2,"name":"a","type":"A","walk":[2,"x"],"cacheHit":false}"#].joined(separator: "\n") + "\n") == #"T:4: lookup event: field "walk[1]" is not a non-negative integer"#)
    }

    /// Values Foundation's decoder refuses without a path are named by their field too.
    @Test func unreadableValuesNameTheirField() throws {
        func failure(bytes line: [UInt8]) throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).ndjson").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Data(Array(header.utf8) + [0x0A] + line + [0x0A]).write(to: URL(fileURLWithPath: path))
            do {
                _ = try TraceReader().read(path: path)
                return "no error"
            } catch {
                return error.description.replacingOccurrences(of: path, with: "T")
            }
        }
        let created = { (id: String, type: [UInt8]) in Array(#"{"event":"created","id":\#(id),"kind":"component","type":"A"#.utf8) + type + Array(#""}"#.utf8) }
        let number = #"T:2: created event: field "id" is not a non-negative integer below 2^64"#
        #expect(try failure(bytes: created("-1", [])) == number)
        #expect(try failure(bytes: created("99999999999999999999999", [])) == number)
        #expect(try failure(bytes: created("1.5", [])) == number)
        #expect(try failure(bytes: created("1", [0xFF])) == #"T:2: created event: field "type" is not valid UTF-8"#)
        #expect(try failure(bytes: created("1", Array(#"\ud800"#.utf8))) == #"T:2: created event: field "type" holds an escape that is not a character (a lone UTF-16 surrogate such as \ud800)"#)
        #expect(try failure(bytes: created("1", [0x1B])) == #"T:2: created event: field "type" holds a raw control character; JSON writes it escaped (\u0001)"#)
        #expect(try failure(bytes: Array(#"{"event":"lookup","requester":1,"name":"x","type":"T","walk":[1,-2],"cacheHit":true}"#.utf8))
            == #"T:2: lookup event: field "walk[1]" is not a non-negative integer below 2^64"#)
    }

    /// An extra field is accepted on every line, `repeated` ones included.
    @Test func repeatedLineWithAnExtraFieldIsRead() throws {
        let v2 = #"{"format":"graphinspect-trace","version":2}"#
        let cached = #"{"event":"lookup","requester":1,"name":"a","type":"App.A","walk":[1],"provider":1,"cacheHit":true}"#
        let path = try temporaryTrace([v2, root, cached, #"{"event":"repeated","line":3,"note":"x"}"#, #"{"line":3, "event":"repeated"}"#].joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try TraceReader().read(path: path)
        #expect(result.eventCount == 4)
        #expect(result.snapshot.events.count == 2)
    }

    @Test func eventNamingAnUncreatedIDIsAnError() throws {
        #expect(try failure([header, root, hit].joined(separator: "\n") + "\n") == #"T:3: lookup event: "requester" names id 2, which no earlier line created"#)
        #expect(try failure([header, child].joined(separator: "\n") + "\n") == #"T:2: created event: "parent" names id 1, which no earlier line created"#)
        #expect(try failure([header, #"{"event":"builderFinished","run":3,"module":1}"#, root].joined(separator: "\n") + "\n") == #"T:2: builderFinished event: "module" names id 1, which no earlier line created"#)
    }

    @Test func missingFileIsAnError() throws {
        do {
            _ = try TraceReader().read(path: "/nonexistent/trace.ndjson")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/trace.ndjson: cannot read the trace: No such file or directory")
        }
    }

    @Test func traceWrittenByTheRuntimeReadsBackToTheSameSnapshotAsRecorded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceFileWriter(path: path)
        let recorder = GraphRecorder()
        let both = Both(writer, recorder)
        let app = GraphObservation.withObserver(both) { () -> Component in
            let root = Component(parent: nil)
            let leaf = Component(parent: root)
            _ = try? leaf.resolve("weird \"name\"\n<&>é🙂", as: Int.self)
            return leaf
        }
        let result = try TraceReader().read(path: path)
        // Read while the writer is still going: the trace has no end yet, and says so.
        var read = result.snapshot
        #expect(read.ending == RunEnding(how: .unfinished))
        read.ending = nil
        #expect(read == recorder.snapshot())
        #expect(result.snapshot.lookups.first?.name == "weird \"name\"\n<&>é🙂")
        withExtendedLifetime(app) {}
    }

    @Test func secondWriterOnTheSamePathIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try TraceFileWriter(path: path)
        #expect(throws: TraceFileWriter.OpenError(path: path, reason: "another process is recording to it")) {
            _ = try TraceFileWriter(path: path)
        }
        withExtendedLifetime(first) {}
    }
}

/// Sends every event to two observers.
final class Both: GraphObserver, @unchecked Sendable {
    let first: any GraphObserver
    let second: any GraphObserver
    init(_ first: any GraphObserver, _ second: any GraphObserver) {
        self.first = first
        self.second = second
    }
    func record(_ event: GraphEvent) {
        first.record(event)
        second.record(event)
    }
}
