import Testing
@testable import GraphInspect
import GraphInspectMacros

final class Engine {}
final class ImageCache {}

/// The article's idiom: providers as computed properties, some built each time, some shared.
@Providers
final class CarComponent: Component, RootComponent {
    var engine: Engine { Engine() }
    var imageCache: ImageCache { shared { ImageCache() } }
    private var secret: Int { 42 }
    var spelled: String {
        get { "get" }
    }
    static var notAProvider: Int { 1 }
    var observed = 0 {
        didSet {}
    }
    let plate = "AB-123"
}

/// A subclass adds computed providers of its own; both levels' are seen.
@Providers
final class Wheel: Component {
    var size: Int { 17 }
}

/// Closures kept in stored properties, which `Mirror` cannot hand over safely: `@Providers` lists
/// them and lookups read each through its getter.
@Providers
final class FactoryComponent: Component, RootComponent {
    let makeEngine: () -> Engine = { Engine() }
    let makeName: @Sendable () -> String = { "ledger" }
    let maybeSize: (() -> Int)? = { 17 }
    let spelledOptional: Optional<() -> Int> = { 3 }
    let plate = "AB-123"
}

@Suite struct ComputedProviderTests {
    @Test func storedClosuresListedByProvidersAreFoundAndCallRight() throws {
        let root = FactoryComponent(parent: nil)
        #expect(root.providers.map(\.name) == ["plate", "makeEngine", "makeName", "maybeSize", "spelledOptional"])
        #expect(root.providers.map(\.form) == [.stored, .computed, .computed, .computed, .computed])
        let child = Component(parent: root)
        let makeName: @Sendable () -> String = try child.resolve("makeName")
        #expect(makeName() == "ledger")
        let maybeSize: (() -> Int)? = child.maybeSize
        #expect(maybeSize?() == 17)
        let spelled: Optional<() -> Int> = child.spelledOptional
        #expect(spelled?() == 3)
        let makeEngine: () -> Engine = child.makeEngine
        #expect(makeEngine() !== makeEngine())
    }

    @Test func lookupsFromBelowSeeComputedProviders() throws {
        let root = CarComponent(parent: nil)
        let child = Component(parent: root)
        let engine: Engine = child.engine
        let secret: Int = child.secret
        let spelled: String = child.spelled
        #expect(secret == 42)
        #expect(spelled == "get")
        // The getter runs for the lookup; the requester caches what it returned.
        #expect(engine === (child.engine as Engine))
        let fresh = Component(parent: root)
        #expect(engine !== (fresh.engine as Engine))
        // `shared {}` inside a getter keeps one instance for the component.
        #expect((child.imageCache as ImageCache) === (fresh.imageCache as ImageCache))
    }

    @Test func providersListComputedStoredAndObservedButNotStatic() {
        let root = CarComponent(parent: nil)
        let forms = Dictionary(uniqueKeysWithValues: root.providers.map { ($0.name, $0.form) })
        #expect(forms == [
            "engine": .computed, "imageCache": .computed, "secret": .computed, "spelled": .computed,
            "observed": .stored, "plate": .stored,
        ])
    }

    @Test func aMissReportsComputedProvidersAsSuch() throws {
        let root = CarComponent(parent: nil)
        let wheel = Wheel(parent: root)
        let size: Int = wheel.size
        #expect(size == 17)
        let error = try #require(throws: MissingDependency.self) { try wheel.resolve("engin", as: Engine.self) }
        #expect(error.description.contains("2. CarComponent (root)  provides observed: Int, plate: String, engine: Engine (computed), imageCache: ImageCache (computed)"))
        #expect(error.description.contains("fix: ask for `engine`, which CarComponent provides as Engine"))
    }

    @Test func recordedProvidersSayComputed() {
        let recorder = GraphRecorder()
        GraphObservation.withObserver(recorder) {
            let root = CarComponent(parent: nil)
            let _: Engine = Component(parent: root).engine
        }
        let root = recorder.snapshot().nodes.first { $0.type.hasSuffix("CarComponent") }
        #expect(root?.providers?.first { $0.name == "engine" }?.form == .computed)
        #expect(recorder.snapshot().lookups.first?.provider == root?.id)
    }
}
