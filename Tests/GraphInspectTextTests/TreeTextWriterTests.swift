import GraphInspect
import Testing
@testable import GraphInspectDiagram
import GraphInspectText

@Suite struct TreeTextWriterTests {
    @Test func hostileNamesStayOnOneLineAndQuoted() {
        let snapshot = GraphSnapshot(events: [
            .created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root", providers: [
                Provider(name: "evil\"\nname <b>&", type: "App.X", form: .stored),
            ])),
            .created(NodeCreated(id: ObjectID(2), kind: .holder, type: "App.Holder", key: "ke\"y\n2", component: ObjectID(1))),
            .lookup(DependencyLookup(
                requester: ObjectID(1), name: "名前\u{202E}", type: "App.Y", walk: [ObjectID(1)], provider: nil, cacheHit: false
            )),
        ])
        #expect(TreeTextWriter().write(snapshot) == #"""
            graphinspect: 2 live nodes, 0 released, 3 events

            holders
              Holder "ke\"y\n2" #2  component Root #1

            components
              Root #1  (holder Holder "ke\"y\n2" #2)
                provides "evil\"\nname <b>&": X
                resolves "名前\u{202e}": Y <- MISSING, 1 lookup

            """#)
    }

    /// A holder attached below itself: the runtime allows it (lookups walk `holder`, not
    /// `modules`), and the writer must show it once and stop, not loop.
    @Test func holderAttachedBelowItselfIsShownOnceAndTheWriterEnds() {
        let component = Component(parent: nil)
        let recorder = GraphRecorder()
        let (top, inner) = GraphObservation.withObserver(recorder) {
            let top = ModuleHolderObject(key: "top", holder: nil, context: EmptyContext(), component: component)
            let inner = ModuleHolderObject(key: "inner", holder: top, context: EmptyContext(), component: component)
            top.attach(inner)
            inner.attach(top)
            return (top, inner)
        }
        let text = TreeTextWriter().write(recorder.snapshot())
        #expect(text.contains("""
            holders
              ModuleHolderObject "top" #2  component Component #1
                ModuleHolderObject "inner" #3  component Component #1
                  ModuleHolderObject "top" #2  (shown above)
            """))
        withExtendedLifetime((top, inner)) {}
    }

    @Test func tenThousandDeepChainWritesWithoutRecursionAndCappedIndent() {
        var events: [GraphEvent] = []
        for index in 1...10_000 {
            events.append(.created(NodeCreated(
                id: ObjectID(UInt64(index)), kind: .component, type: "App.C",
                parent: index == 1 ? nil : ObjectID(UInt64(index - 1))
            )))
        }
        let text = TreeTextWriter(maxIndentLevel: 4).write(GraphSnapshot(events: events))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 10_002)
        #expect(lines.last == "        [depth 10000] C #10000")
        #expect(lines.dropFirst().allSatisfy { $0.count < 40 })
    }

    @Test func resolvedDependenciesAreSummedPerNameAndType() {
        let lookups = [
            DependencyLookup(requester: ObjectID(3), name: "a", type: "T", walk: [ObjectID(3), ObjectID(2), ObjectID(1)], provider: ObjectID(1), cacheHit: false),
            DependencyLookup(requester: ObjectID(3), name: "b", type: "T", walk: [ObjectID(3), ObjectID(2), ObjectID(1)], provider: nil, cacheHit: false),
            DependencyLookup(requester: ObjectID(3), name: "a", type: "T", walk: [ObjectID(3)], provider: ObjectID(1), cacheHit: true),
        ]
        #expect(ResolvedDependency.summarize(lookups) == [
            ResolvedDependency(name: "a", type: "T", provider: ObjectID(1), hops: 2, lookups: 2, cacheHits: 1, misses: 0),
            ResolvedDependency(name: "b", type: "T", provider: nil, hops: 0, lookups: 1, cacheHits: 0, misses: 1),
        ])
    }
}
