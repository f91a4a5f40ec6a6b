import Testing
@testable import GraphInspect

/// A value made by a stored closure, so calling a closure read wrongly shows.
struct MadeRequest: Equatable { let id: Int }

/// A closure nested in a struct: boxed by the compiler, read fine through `Mirror`.
struct RequestMaker { let make: () -> MadeRequest }

/// Closures stored as properties, in each shape `Mirror` hands over at the wrong calling
/// convention, beside one it reads fine.
final class ClosureDeps: Component, @unchecked Sendable {
    let makeRequest: () -> MadeRequest = { MadeRequest(id: 1) }
    let makeName: () -> String = { "ledger" }
    let maybeNumber: (() -> Int)? = { 42 }
    let pair: (Int, () -> Int) = (1, { 42 })
    let maker = RequestMaker(make: { MadeRequest(id: 7) })
}

@Suite struct StoredClosureTests {
    @Test func closuresAreListedButNeverAnswered() {
        let deps = ClosureDeps(parent: nil)
        #expect(deps.providers.map(\.form) == [.storedClosure, .storedClosure, .storedClosure, .storedClosure, .stored])
        #expect(deps.providers.map(\.name) == ["makeRequest", "makeName", "maybeNumber", "pair", "maker"])
        let child = Component(parent: deps)
        // Before, these lookups "succeeded" with a closure that returned garbage or crashed.
        #expect(throws: MissingDependency.self) { try child.resolve("makeRequest", as: (() -> MadeRequest).self) }
        #expect(throws: MissingDependency.self) { try child.resolve("makeName", as: (() -> String).self) }
        #expect(throws: MissingDependency.self) { try child.resolve("maybeNumber", as: (() -> Int)?.self) }
        #expect(throws: MissingDependency.self) { try child.resolve("pair", as: (Int, () -> Int).self) }
    }

    @Test func aClosureInAStructIsFoundAndCallsRight() throws {
        let child = Component(parent: ClosureDeps(parent: nil))
        let maker = try child.resolve("maker", as: RequestMaker.self)
        #expect(maker.make() == MadeRequest(id: 7))
    }

    @Test func theMissSaysWhyAndHowToFixIt() throws {
        let child = Component(parent: ClosureDeps(parent: nil))
        let error = try #require(throws: MissingDependency.self) { try child.resolve("makeRequest", as: (() -> MadeRequest).self) }
        #expect(error.nearMisses.map(\.kind) == [.storedClosure])
        #expect(error.fix == .listClosure(at: error.nearMisses[0].at))
        #expect(error.description.contains(
            "found `makeRequest: () -> MadeRequest` at ClosureDeps, but it is a stored closure, which lookup cannot read (Swift's reflection cannot call it safely)"
        ))
        #expect(error.description.hasSuffix(
            "fix: mark the class declaring `makeRequest` (ClosureDeps, or the superclass of it that does) `@Providers` (GraphInspectMacros) and declare `makeRequest` with its type (`let makeRequest: () -> MadeRequest = { ... }`), so lookups read it through its getter; or wrap the closure in a struct"
        ))
    }

    @Test func aClosureKeptInAnAnyIsFoundAndCallsRight() throws {
        final class AnyDeps: Component, @unchecked Sendable {
            let boxed: Any = { MadeRequest(id: 3) } as () -> MadeRequest
        }
        let deps = AnyDeps(parent: nil)
        #expect(deps.providers.map(\.form) == [.stored])
        let boxed = try Component(parent: deps).resolve("boxed", as: Any.self)
        let make = try #require(boxed as? () -> MadeRequest)
        #expect(make() == MadeRequest(id: 3))
    }

    @Test func functionTypesAreToldFromTheRest() {
        #expect(ReflectedClosure.holdsFunction((() -> Int).self))
        #expect(ReflectedClosure.holdsFunction((@Sendable (Int) -> Void)?.self))
        #expect(ReflectedClosure.holdsFunction((Int, String, () -> Int).self))
        #expect(ReflectedClosure.holdsFunction(((Int, () -> Int), Int).self))
        #expect(!ReflectedClosure.holdsFunction(RequestMaker.self))
        #expect(!ReflectedClosure.holdsFunction([() -> Int].self))
        #expect(!ReflectedClosure.holdsFunction((Int, String).self))
        #expect(!ReflectedClosure.holdsFunction(ClosureDeps.self))
        #expect(!ReflectedClosure.holdsFunction(Int?.self))
        #expect(!ReflectedClosure.holdsFunction(Any.self))
    }
}
