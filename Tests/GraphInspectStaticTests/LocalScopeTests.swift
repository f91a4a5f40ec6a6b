import GraphInspectStatic
import Testing

/// Each Swift scope binds its own locals: a `let c` in one `case`, branch, loop, `do` or closure
/// is not the `c` of a sibling, and one in an inner scope shadows the outer one only inside it.
/// Read as one, two components written `c` would each be asked for what the other provides.
@Suite struct LocalScopeTests {
    /// Two roots, each with one provider, and a child of each with none.
    static let components = """
        import GraphInspect

        final class Analytics {}
        final class Store {}
        final class RootA: Component, RootComponent {
            let analytics = Analytics()
            init() { super.init(parent: nil) }
        }
        final class ChildA: Component {}
        final class RootB: Component, RootComponent {
            let store = Store()
            init() { super.init(parent: nil) }
        }
        final class ChildB: Component {}

        """

    static func graph(_ code: String) -> StaticGraph {
        StaticReliabilityTests.graph(["App.swift": components + code])
    }

    @Test func siblingSwitchCasesBindTheirOwnLocals() {
        let graph = Self.graph("""
            func run(_ which: String) {
                switch which {
                case "A":
                    let c = ChildA(parent: RootA())
                    let a: Analytics = c.analytics
                    print(a)
                default:
                    let c = ChildB(parent: RootB())
                    let s: Store = c.store
                    print(s)
                }
            }
            run("A")
            """)
        #expect(graph.errors.map(\.message) == [])
        #expect(graph.summary.lookupsChecked == 2)
    }

    @Test func siblingIfBranchesAndLoopsBindTheirOwnLocals() {
        let graph = Self.graph("""
            func run(_ flag: Bool) {
                if flag {
                    let c = ChildA(parent: RootA())
                    let a: Analytics = c.analytics
                    print(a)
                } else {
                    let c = ChildB(parent: RootB())
                    let s: Store = c.store
                    print(s)
                }
                for _ in 0..<2 {
                    let c = ChildA(parent: RootA())
                    let a: Analytics = c.analytics
                    print(a)
                }
                while flag {
                    let c = ChildB(parent: RootB())
                    let s: Store = c.store
                    print(s)
                }
            }
            run(true)
            """)
        #expect(graph.errors.map(\.message) == [])
        #expect(graph.summary.lookupsChecked == 4)
    }

    /// An inner `c` hides the outer one inside its scope alone; a closure's own `c` too. What the
    /// inner one truly lacks is still found.
    @Test func anInnerScopeShadowsTheOuterLocalOnlyInsideIt() {
        let graph = Self.graph("""
            let c = ChildA(parent: RootA())
            do {
                let c = ChildB(parent: RootB())
                let s: Store = c.store
                let a: Analytics = c.analytics
                print(s, a)
            }
            let make = {
                let c = ChildB(parent: RootB())
                let s: Store = c.store
                print(s)
            }
            make()
            let a: Analytics = c.analytics
            print(a)
            """)
        #expect(graph.errors.map(\.message) == ["missing dependency `analytics: Analytics`"])
        #expect(graph.errors.map(\.position.line) == [19])
        #expect(graph.summary.lookupsChecked == 4)
    }

    /// `if let c`: the value is the outer `c`, the body reads the inner; `guard let` binds for the
    /// rest of its scope.
    @Test func aRebindingReadsTheOuterValueAndBindsTheInner() {
        let graph = Self.graph("""
            func run(_ flag: Bool) {
                let c: ChildB? = flag ? ChildB(parent: RootB()) : nil
                if let c {
                    let s: Store = c.store
                    print(s)
                }
                if flag {
                    guard let c = makeA() else { return }
                    let a: Analytics = c.analytics
                    print(a)
                }
            }
            func makeA() -> ChildA? { ChildA(parent: RootA()) }
            run(true)
            """)
        #expect(graph.errors.map(\.message) == [])
        #expect(graph.summary.lookupsChecked == 2)
    }
}
