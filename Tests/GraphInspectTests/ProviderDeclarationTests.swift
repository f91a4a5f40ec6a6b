import Testing
@testable import GraphInspect

final class Built: Sendable {
    nonisolated(unsafe) static var count = 0
    init() { Built.count += 1 }
}

class BaseDeps: Component {
    let inherited = Service()
}

final class DerivedDeps: BaseDeps, @unchecked Sendable {
    let own = Other()
    @Lazy var lazyService = Service()
    lazy var invisible = Other()
}

/// State kept in `var`s: providers all the same, as docs/modules.md warns.
final class StatefulDeps: Component, @unchecked Sendable {
    var current = Service()
    private var count = 0
    var next: Int { count + 1 }
}

@Suite struct ProviderDeclarationTests {
    @Test func providersAnywhereInTheClassHierarchyAreFound() throws {
        let deps = DerivedDeps(parent: nil)
        let generic: Component = deps
        let inherited: Service = generic.inherited
        let own: Other = generic.own
        #expect(inherited === deps.inherited)
        #expect(own === deps.own)
    }

    @Test func lazyProviderIsFoundByLookupAndBuiltOnce() throws {
        let deps = DerivedDeps(parent: nil)
        let child = Component(parent: deps)
        let looked: Service = child.lazyService
        #expect(looked === deps.lazyService)
        let again = try child.resolve("lazyService", as: Service.self)
        #expect(again === looked)
    }

    @Test func providersAreListedInDeclarationOrderWithTheirForm() {
        let deps = DerivedDeps(parent: nil)
        #expect(deps.providers == [
            Provider(name: "inherited", type: TypeName.of(Service.self), form: .stored),
            Provider(name: "own", type: TypeName.of(Other.self), form: .stored),
            Provider(name: "lazyService", type: TypeName.of(Service.self), form: .lazy),
            Provider(name: "invisible", type: TypeName.of(Other.self), form: .lazyVar),
        ])
    }

    @Test func storedVarsArePrivateOrNotProvidersWithTheValuesInitRead() throws {
        let deps = StatefulDeps(parent: nil)
        let child = Component(parent: deps)
        #expect(deps.providers == [
            Provider(name: "current", type: TypeName.of(Service.self), form: .stored),
            Provider(name: "count", type: TypeName.of(Int.self), form: .stored),
        ])
        let read = deps.current
        deps.current = Service()
        let looked: Service = child.current
        #expect(looked === read, "a lookup gets the value Component.init read, not the one assigned later")
        #expect(try child.resolve("count", as: Int.self) == 0)
        #expect(throws: MissingDependency.self) { try child.resolve("next", as: Int.self) }
    }

    @Test func lazyVarIsNotFoundAndTheErrorSaysWhy() throws {
        let deps = DerivedDeps(parent: nil)
        let error = try #require(throws: MissingDependency.self) { try deps.resolve("invisible", as: Other.self) }
        #expect(error.description.contains("found `invisible` at DerivedDeps, but it is a `lazy var`, which lookup cannot see"))
        #expect(error.description.hasSuffix("fix: declare it `@Lazy var invisible = ...` in DerivedDeps; lookup cannot see a `lazy var`"))
    }
}
