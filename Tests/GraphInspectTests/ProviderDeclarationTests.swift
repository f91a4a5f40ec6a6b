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

    @Test func lazyVarIsNotFoundAndTheErrorSaysWhy() throws {
        let deps = DerivedDeps(parent: nil)
        let error = try #require(throws: MissingDependency.self) { try deps.resolve("invisible", as: Other.self) }
        #expect(error.description.contains("found `invisible` at DerivedDeps, but it is a `lazy var`, which lookup cannot see"))
        #expect(error.description.hasSuffix("fix: declare it `@Lazy var invisible = ...` in DerivedDeps; lookup cannot see a `lazy var`"))
    }
}
