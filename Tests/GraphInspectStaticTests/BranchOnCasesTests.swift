@testable import GraphInspectStatic
import Testing

/// Branches on an enum's cases, and on constant properties of the object a method runs on, are
/// decided per object as branches on Bool parameters are (`BranchDecisionTests`): the builder made
/// with `mode: .guest` never runs the `.member` case. Any shape the reading cannot name (a `var`,
/// a static constant, a payload, `fallthrough`, an argument that is no literal) counts every
/// branch, and the lookup a run may make is still reported.
@Suite struct BranchOnCasesTests {
    /// A root providing `api`; a builder `Builder` (declared by each test) made with `made` below
    /// it, whose `make` may ask for `tier`, which nothing provides.
    static func graph(_ builder: String, made: String = "Builder(mode: .guest)") -> StaticGraph {
        StaticReliabilityTests.graph(["App.swift": """
            import GraphInspect

            enum Mode { case guest, member, admin }
            final class API {}
            final class Tier {}
            final class Root: Component, RootComponent {
                let api = API()
                init() { super.init(parent: nil) }
            }
            final class AccountComponent: Component {}

            \(builder)

            let root = Root()
            let builder = \(made)
            builder.make(AccountComponent(parent: root))

            """])
    }

    static let missing = ["missing dependency `tier: Tier`"]

    static func expectDecided(_ graph: StaticGraph, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(graph.errors.map(\.message) == [], "\(graph.diagnostics.map { $0.formatted() })", sourceLocation: sourceLocation)
        #expect(graph.diagnostics.contains { $0.message.hasPrefix("not checked: runs only when `mode` is") }, "\(graph.diagnostics.map { $0.formatted() })", sourceLocation: sourceLocation)
    }

    static func expectUndecided(_ graph: StaticGraph, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(graph.errors.map(\.message) == missing, "\(graph.diagnostics.map { $0.formatted() })", sourceLocation: sourceLocation)
    }

    static let lookups = """
        let api: API = component.api
                _ = api
        """
    static let tier = "let tier: Tier = component.tier; _ = tier"

    @Test(arguments: [
        "switch mode { case .guest: \(lookups)\n        case .member, .admin: \(tier) }",
        "switch mode { case .guest: \(lookups)\n        default: \(tier) }",
        "switch self.mode { case Mode.guest: \(lookups)\n        case .member: \(tier)\n        case .admin: break }",
        "if mode == .member { \(tier) } else { \(lookups) }",
        "if mode != .guest { \(tier) } else { \(lookups) }",
        "if Mode.member == mode { \(tier) }\n        \(lookups)",
        "guard mode == .guest else { \(tier); return }\n        \(lookups)",
    ])
    func aCaseOfAConstantPropertyIsDecided(body: String) {
        Self.expectDecided(Self.graph("""
            struct Builder {
                let mode: Mode
                func make(_ component: Component) {
                    \(body)
                }
            }
            """))
    }

    @Test func aConstantSetByTheInitialiserIsDecided() {
        Self.expectDecided(Self.graph("""
            final class Builder {
                let mode: Mode
                init(mode: Mode) { self.mode = mode }
                func make(_ component: Component) {
                    if mode == .member { \(Self.tier) }
                    \(Self.lookups)
                }
            }
            """))
    }

    @Test func aConstantWithItsOwnValueIsDecided() {
        Self.expectDecided(Self.graph("""
            struct Builder {
                let mode: Mode = .guest
                func make(_ component: Component) {
                    switch mode { case .member: \(Self.tier)
                    default: \(Self.lookups) }
                }
            }
            """, made: "Builder()"))
    }

    @Test func anEnumParameterIsDecided() {
        Self.expectDecided(Self.graph("""
            final class Screen {
                init(component: Component, mode: Mode) {
                    if mode == .member { \(Self.tier) }
                    \(Self.lookups)
                }
            }
            struct Builder {
                func make(_ component: Component) { _ = Screen(component: component, mode: .guest) }
            }
            """, made: "Builder()"))
    }

    // MARK: Undecided

    @Test(arguments: [
        // Another object made with the case that runs it.
        ("struct Builder { let mode: Mode\n func make(_ component: Component) { if mode == .member { \(tier) } } }", "[Builder(mode: .guest), Builder(mode: .member)][0]"),
        // A `var` may be changed anywhere.
        ("struct Builder { var mode: Mode\n func make(_ component: Component) { if mode == .member { \(tier) } } }", "Builder(mode: .guest)"),
        // No literal.
        ("struct Builder { let mode: Mode\n func make(_ component: Component) { if mode == .member { \(tier) } } }", "Builder(mode: Mode.allCases.first!)"),
        // A static constant is no case.
        ("struct Builder { let mode: Mode\n static let vip = Mode.member\n func make(_ component: Component) { if mode == Builder.vip { \(tier) } } }", "Builder(mode: .guest)"),
        // A fallthrough into the case.
        ("struct Builder { let mode: Mode\n func make(_ component: Component) { switch mode { case .guest: fallthrough\n case .member: \(tier)\n case .admin: break } } }", "Builder(mode: .guest)"),
        // A local of the same name.
        ("struct Builder { let mode: Mode\n func make(_ component: Component) { let mode = Mode.member; if mode == .member { \(tier) } } }", "Builder(mode: .guest)"),
        // A condition of two parts.
        ("struct Builder { let mode: Mode\n let on = true\n func make(_ component: Component) { if mode == .member || on { \(tier) } } }", "Builder(mode: .guest)"),
    ])
    func anotherShapeCountsEveryBranch(builder: String, made: String) {
        Self.expectUndecided(Self.graph(builder, made: made))
    }

    /// Ways of making an object the reading does not see as a place making it: where the sources
    /// hold any, no branch is decided (the run made with `.member` dies on the lookup).
    static let plain = "struct Builder { let mode: Mode\n func make(_ component: Component) { if mode == .member { \(tier) } } }"

    @Test(arguments: [
        // A typealias of the type, made through it.
        (plain + "\ntypealias Other = Builder\nlet other = Other(mode: .member)", "Builder(mode: .guest)"),
        // `.init` with the type from the context, and the initialiser as a function value.
        (plain + "\nlet other: Builder = .init(mode: .member)", "Builder(mode: .guest)"),
        (plain + "\nlet makeOne = Builder.init(mode:)\nlet other = makeOne(.member)", "Builder(mode: .guest)"),
        // `type(of:)`, a module-qualified name.
        (plain + "\nlet other = type(of: Builder(mode: .guest)).init(mode: .member)", "Builder(mode: .guest)"),
        (plain + "\nlet other = App.Builder(mode: .member)", "Builder(mode: .guest)"),
    ])
    func anObjectMadeAnotherWayDecidesNothing(builder: String, made: String) {
        Self.expectUndecided(Self.graph(builder, made: made))
    }

    @Test(arguments: [
        // Decoded: the synthesized `init(from:)` sets `mode` from data.
        "struct Builder: Decodable { let mode: Mode\n func make(_ component: Component) { if mode == .member { \(tier) } } }",
        // A protocol with an `init` requirement: a generic `T(mode:)` makes one.
        "protocol MadeByMode { init(mode: Mode) }\nstruct Builder: MadeByMode { let mode: Mode\n func make(_ component: Component) { if mode == .member { \(tier) } } }",
    ])
    func aTypeMadeThroughAConformanceDecidesNothing(builder: String) {
        Self.expectUndecided(Self.graph(builder))
    }

    /// An enum with its own `==` compares as it says, not case by case.
    @Test func anEnumOfItsOwnEqualityDecidesNothing() {
        Self.expectUndecided(Self.graph(Self.plain + """

            extension Mode {
                static func == (left: Mode, right: Mode) -> Bool { right == .member || left.hashValue == right.hashValue }
            }
            """))
    }

    /// Two initialisers Swift chooses between by the argument's type: the reading cannot tell.
    @Test func initialisersOverloadedByTypeDecideNothing() {
        Self.expectUndecided(Self.graph("""
            final class Screen {
                init(component: Component, mode: Mode = .guest) {
                    if mode == .member { \(Self.tier) }
                }
                init(component: AccountComponent, mode: Mode = .member) {
                    if mode == .member { \(Self.tier) }
                }
            }
            struct Builder {
                func make(_ component: Component) { _ = Screen(component: component as! AccountComponent) }
            }
            """, made: "Builder()"))
    }

    /// `self.init(...)` in a static factory makes an object, which no place the reading sees does.
    @Test func aStaticFactoryMakingTheObjectDecidesNothing() {
        Self.expectUndecided(Self.graph("""
            final class Builder {
                let mode: Mode
                init(mode: Mode) { self.mode = mode }
                static func member() -> Builder { self.init(mode: .member) }
                func make(_ component: Component) { if mode == .member { \(Self.tier) } }
            }
            """))
    }

    /// `Feature(c:)` is the convenience init (no default needed), which passes `true`: Swift's
    /// choice of overload, not the designated init's default.
    @Test func theOverloadNeedingNoDefaultIsTheOneEntered() {
        Self.expectUndecided(Self.graph("""
            final class Screen {
                init(component: Component, online: Bool = false) {
                    if online { \(Self.tier) }
                }
                convenience init(component: Component) { self.init(component: component, online: true) }
            }
            struct Builder {
                func make(_ component: Component) { _ = Screen(component: component) }
            }
            """, made: "Builder()"))
    }
}

/// A stored closure spelled through a `typealias` or `Optional<...>` is a closure to the runtime
/// (it reads the type), so lookups walk past it: an error where nothing else answers. `@Providers`
/// lists what it can see is a closure (`Optional<() -> T>`), never a `typealias`'s.
@Suite struct ClosureAliasTests {
    static func graph(_ type: String, marked: Bool) -> StaticGraph {
        StaticReliabilityTests.graph(["App.swift": """
            import GraphInspect
            import GraphInspectMacros
            final class Tier {}
            typealias Factory = () -> Tier
            typealias MaybeFactory = (() -> Tier)?
            typealias Renamed = Factory
            typealias RenamedTwice = Renamed
            \(marked ? "@Providers " : "")final class Root: Component, RootComponent {
                let make: \(type) = { Tier() }
                init() { super.init(parent: nil) }
            }
            final class Child: Component {}
            let found: \(type) = Child(parent: Root()).make

            """])
    }

    @Test(arguments: [
        ("Factory", false), ("MaybeFactory", false), ("Optional<() -> Tier>", false), ("Factory", true), ("MaybeFactory", true),
        ("Renamed", false), ("RenamedTwice", true),
    ])
    func aClosureByAnyNameIsInvisible(type: String, marked: Bool) {
        let graph = Self.graph(type, marked: marked)
        #expect(graph.errors.map(\.message).count == 1 && graph.errors[0].message.hasPrefix("missing dependency `make: "), "\(graph.diagnostics.map { $0.formatted() })")
        #expect(graph.diagnostics.contains { $0.message.hasPrefix("stored closure `make` in Root is invisible to lookups") })
    }

    @Test func aClosureSpelledOptionalIsListedByProviders() {
        let graph = Self.graph("Optional<() -> Tier>", marked: true)
        #expect(graph.errors.isEmpty, "\(graph.diagnostics.map { $0.formatted() })")
    }
}
