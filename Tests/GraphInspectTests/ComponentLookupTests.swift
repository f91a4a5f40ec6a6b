import Testing
@testable import GraphInspect

@Suite struct ComponentLookupTests {
    @Test func lookupHitsAtSelf() throws {
        let (chain, snapshot) = record { makeChain() }
        let service: Service = chain.leaf.leafService
        #expect(service === chain.leaf.leafService)
        _ = snapshot
        let (_, after) = record { () -> Service in
            let leaf = LeafDeps(parent: nil)
            let dynamic: Component = leaf
            return dynamic.leafService
        }
        let lookup = try #require(after.lookups.first)
        #expect(lookup.name == "leafService")
        #expect(lookup.provider == lookup.requester)
        #expect(lookup.walk == [lookup.requester])
        #expect(!lookup.cacheHit)
    }

    @Test func lookupHitsAtParentAndRoot() throws {
        let (result, snapshot) = record { () -> (Service, Service, MiddleDeps, RootDeps) in
            let (root, middle, leaf) = makeChain()
            let fromParent: Service = leaf.middleService
            let fromRoot: Service = leaf.rootService
            return (fromParent, fromRoot, middle, root)
        }
        #expect(result.0 === result.2.middleService)
        #expect(result.1 === result.3.rootService)
        let lookups = snapshot.lookups
        #expect(lookups.count == 2)
        // Ids are renumbered in creation order: root 1, middle 2, leaf 3.
        #expect(lookups[0].walk == [ObjectID(3), ObjectID(2)])
        #expect(lookups[0].provider == ObjectID(2))
        #expect(lookups[1].walk == [ObjectID(3), ObjectID(2), ObjectID(1)])
        #expect(lookups[1].provider == ObjectID(1))
        #expect(lookups.allSatisfy { $0.requester == ObjectID(3) && $0.type == TypeName.of(Service.self) })
    }

    @Test func nearestProviderWinsWhenANameIsShadowed() {
        let (_, middle, leaf) = makeChain()
        let value: String = leaf.shadowed
        #expect(value == "middle")
        #expect(middle.shadowed == "middle")
    }

    @Test func secondLookupIsACacheHitRecordedAsSuch() throws {
        let (_, snapshot) = record {
            let (_, _, leaf) = makeChain()
            let first: Service = leaf.rootService
            let second: Service = leaf.rootService
            #expect(first === second)
        }
        let lookups = snapshot.lookups
        #expect(lookups.map(\.cacheHit) == [false, true])
        #expect(lookups[1].walk == [lookups[1].requester])
        #expect(lookups[1].provider == ObjectID(1))
    }

    @Test func lookupMatchesTypeAsWellAsName() throws {
        let (_, _, leaf) = makeChain()
        // `shadowed` is a String everywhere; asking for an Int finds nothing.
        #expect(throws: MissingDependency.self) { try leaf.resolve("shadowed", as: Int.self) }
        let string = try leaf.resolve("shadowed", as: String.self)
        #expect(string == "middle")
    }

    @Test func missReturnsAnErrorListingTheExactWalk() throws {
        let (root, middle, leaf) = makeChain()
        let error = try #require(throws: MissingDependency.self) {
            try leaf.resolve("database", as: Service.self)
        }
        #expect(error.name == "database")
        #expect(error.type == TypeName.of(Service.self))
        #expect(error.walk.map(\.id) == [leaf.id, middle.id, root.id])
        #expect(error.walk.map { ShortTypeName.of($0.type) } == ["LeafDeps", "MiddleDeps", "RootDeps"])
        #expect(error.walk[1].providers == [
            Provider(name: "middleService", type: TypeName.of(Service.self), form: .stored),
            Provider(name: "shadowed", type: "Swift.String", form: .stored),
        ])
        #expect(error.location?.file == "GraphInspectTests/ComponentLookupTests.swift")
    }

    @Test func missIsRecordedWithItsWalkAndNoProvider() throws {
        let (_, snapshot) = record {
            let (_, _, leaf) = makeChain()
            _ = try? leaf.resolve("database", as: Service.self)
        }
        let lookup = try #require(snapshot.lookups.first)
        #expect(lookup.provider == nil)
        #expect(lookup.walk == [ObjectID(3), ObjectID(2), ObjectID(1)])
        #expect(lookup.location != nil)
    }

    @Test func missMessageNamesTheWalkAndNearMisses() throws {
        let (_, _, leaf) = makeChain()
        let error = try #require(throws: MissingDependency.self) {
            try leaf.resolve("shadowed", as: Int.self, fileID: "Leaf.swift", line: 3)
        }
        #expect(error.description == """
            error: missing dependency `shadowed: Int`
              asked by LeafDeps at ^->RootDeps->MiddleDeps->LeafDeps (Leaf.swift:3)
              walked 3 components, nearest first:
                1. LeafDeps  provides leafService: Service
                2. MiddleDeps  provides middleService: Service, shadowed: String
                3. RootDeps (root)  provides rootService: Service, shadowed: String
              near misses:
                found `shadowed: String` at MiddleDeps, expected Int
                found `shadowed: String` at RootDeps, expected Int
              fix: ask for `shadowed` as String (what MiddleDeps provides), or provide `shadowed: Int` on the walk
            """)
    }
}
