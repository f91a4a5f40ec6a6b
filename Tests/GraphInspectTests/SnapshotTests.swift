import Foundation
import Testing
@testable import GraphInspect

@Suite struct SnapshotTests {
    @Test func snapshotRoundTripsThroughJSON() throws {
        let (chain, snapshot) = record { () -> [TestHolder] in
            let chain = makeHolderChain()
            _ = chain[3].router(for: "settings", as: TestRouter.self)
            let leaf = Component(parent: chain[3].component)
            _ = try? leaf.resolve("absent", as: Int.self)
            return chain
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(snapshot)
        #expect(try JSONDecoder().decode(GraphSnapshot.self, from: data) == snapshot)
        withExtendedLifetime(chain) {}
    }

    @Test func eventsEncodeFlatWithTheirName() throws {
        let event = GraphEvent.released(Released(id: ObjectID(7)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(event), as: UTF8.self) == #"{"event":"released","id":7}"#)
    }

    @Test func twoRecordingsOfTheSameWorkAreEqual() {
        let first = record { makeHolderChain() }
        let second = record { makeHolderChain() }
        // The same shape; only the clock's readings differ.
        #expect(first.snapshot.withoutTimes == second.snapshot.withoutTimes)
        #expect(first.snapshot != second.snapshot)
    }

    @Test func referenceToAnUnrecordedObjectBecomesAPlaceholder() {
        let snapshot = GraphSnapshot(events: [
            .created(NodeCreated(id: ObjectID(50), kind: .component, type: "App.Leaf", parent: ObjectID(40))),
        ])
        #expect(snapshot.nodes.map(\.type) == ["App.Leaf", "?"])
        #expect(snapshot.nodes[0].parent == ObjectID(2))
    }

    @Test func shortTypeNamesDropModulePrefixesEverywhere() {
        #expect(ShortTypeName.of("App.Foo") == "Foo")
        #expect(ShortTypeName.of("Swift.Optional<App.Outer.Inner>") == "Outer.Inner?")
        #expect(ShortTypeName.of("Swift.Optional<Swift.Optional<App.X>>") == "X??")
        #expect(ShortTypeName.of("Swift.Dictionary<Swift.String, Swift.Optional<App.X>>") == "Dictionary<String, X?>")
        #expect(ShortTypeName.of("Swift.Optional<(App.A) -> App.B>") == "((A) -> B)?")
        #expect(ShortTypeName.of("App.Optional<App.X>") == "Optional<X>")
        #expect(ShortTypeName.optionalWrapped("Swift.Optional<Swift.Array<App.X>>") == "Swift.Array<App.X>")
        #expect(ShortTypeName.optionalWrapped("Swift.Optional<App.A>.Type") == nil)
        #expect(ShortTypeName.of("Swift.Dictionary<Swift.String, Swift.Int>") == "Dictionary<String, Int>")
        #expect(ShortTypeName.of("Int") == "Int")
    }

    /// The module a report names as declaring a type: only a plain `Module.Type` path has one.
    @Test func theModuleOfANominalTypeIsItsFirstSegment() {
        #expect(ShortTypeName.module(of: "Feature10.F10Service") == "Feature10")
        #expect(ShortTypeName.module(of: "App.Outer.Inner") == "App")
        #expect(ShortTypeName.module(of: "F10Service") == nil)
        #expect(ShortTypeName.module(of: "Swift.Optional<Feature10.F10Service>") == nil)
        #expect(ShortTypeName.module(of: "(App.A) -> App.B") == nil)
        #expect(ShortTypeName.module(of: "App.A & App.B") == nil)
        #expect(ShortTypeName.module(of: "sibling-provider.PaymentService") == nil)
        #expect(ShortTypeName.module(of: ".Leading") == nil)
    }
}
