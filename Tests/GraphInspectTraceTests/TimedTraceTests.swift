import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTrace

/// A version 4 trace keeps every time, duration, thread and mark: read back, it gives the
/// snapshot recorded in memory and the same spans.
@Suite struct TimedTraceTests {
    final class Store: Sendable {}

    final class RootComponent: Component {
        @Lazy var store = Store()
    }

    final class LeafComponent: Component {}

    struct LeafBuilder: ModuleBuilder {
        func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ModuleObject {
            let leaf = LeafComponent(parent: parentComponent)
            let _: Store = leaf.store
            let _: Store? = try? leaf.resolve("store")
            return ModuleObject(key: "leaf", holder: holder, component: leaf)
        }
    }

    @Test func timesDurationsThreadsAndMarksReadBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("timed-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceFileWriter(path: path)
        let recorder = GraphRecorder()
        let holder = GraphObservation.withObserver(Both(writer, recorder)) { () -> ModuleHolderObject in
            let holder = ModuleHolderObject(key: "root", holder: nil, context: EmptyContext(), component: RootComponent(parent: nil))
            holder.attach(LeafBuilder())
            GraphRecord.mark("launched \"1\"")
            _ = holder.module(for: ModuleKey("leaf"), as: ModuleObject.self)
            return holder
        }
        var read = try TraceReader().read(path: path).snapshot
        read.ending = nil
        let recorded = recorder.snapshot()
        #expect(read == recorded)
        let spans = RunSpans(read)
        #expect(spans == RunSpans(recorded))
        #expect(Set(spans.spans.map(\.kind)) == [.builder, .construction, .lookup, .firstUse, .moduleLookup])
        #expect(spans.marks.map(\.name) == ["launched \"1\""])
        #expect(spans.spans.allSatisfy { $0.thread == RecordingThread.current })
        let firstUse = try #require(spans.spans.first { $0.kind == .firstUse })
        #expect(firstUse.label == "@Lazy store: TimedTraceTests.Store in TimedTraceTests.RootComponent #1")
        #expect(spans.ancestors(of: firstUse).map(\.kind) == [.builder, .lookup])
        #expect(spans.spans.first { $0.kind == .builder }?.location?.file == "GraphInspectTraceTests/TimedTraceTests.swift")
        withExtendedLifetime(holder) {}
    }
}
