import GraphInspectCheckContract

/// The values a flow analysis works with: sites, slots, what it records, and how its steps run.
extension FlowAnalysis {
    struct Site: Hashable {
        /// The type built, or `Self.stringType` for a string value.
        var type: String
        var position: SourcePosition?
        var text: String?
    }

    enum Slot: Hashable {
        case parameter(function: Int, context: Int, name: String)
        case local(function: Int, context: Int, name: String)
        case field(site: Int, name: String)
        case result(function: Int, context: Int)
        /// What the closure written at `position` gives, in the run of `function` that made it.
        case closureResult(function: Int, context: Int, position: SourcePosition)

        /// A slot of a function's run in the last pass as unreached: no other run reads it.
        var isOfAnUnreachedRun: Bool {
            switch self {
            case .parameter(_, let context, _), .local(_, let context, _), .result(_, let context), .closureResult(_, let context, _): context == FlowAnalysis.unreached
            case .field: false
            }
        }
    }

    /// A dependency lookup the code makes, from one site.
    struct DependencyLookup: Hashable {
        var requester: Int
        var name: String
        var type: WrittenType?
        var position: SourcePosition
    }

    /// `component.name` where the component's type declares `name`: a property read, not a
    /// lookup, until the declaration goes (`query impact` walks it then, as `check` would).
    struct PropertyRead: Hashable {
        var receiver: Int
        var name: String
        var type: WrittenType?
        var position: SourcePosition
        /// The type the compiler gives the receiver, when it is a component the sources declare.
        var declared: String?
    }

    /// A module or router lookup the code makes, from one holder site.
    struct ModuleLookup: Hashable {
        var holder: Int
        var key: String
        var target: Target
        var position: SourcePosition

        enum Target: Hashable { case module, router }
    }

    /// Something the reader saw but cannot decide, reported rather than guessed.
    /// A closure stored on a component, module or router that captures that object strongly.
    struct ClosureCycle: Hashable {
        var position: SourcePosition
        /// The name the object goes by where the closure is stored (`module`, `self`).
        var receiver: String
        /// Where the closure is stored.
        var property: String
        /// The object's type.
        var type: String
    }

    /// How statements run while `probe` judges an edit (`FlowAnalysis+Incremental`): writing
    /// nothing, and noting in `probeFoundEffect` what they would change.
    enum Probe {
        case off
        /// Statements an edit adds: anything beyond the fixed point is an effect.
        case mustAddNothing
        /// Statements an edit removes: anything they contribute at all is an effect.
        case mustDoNothing
    }

    /// Where an expression is evaluated: the function, its context id and `self`'s sites.
    struct Context {
        var function: FunctionIR?
        var id: Int
        var selfSites: Set<Int>
        var owner: String?
        var step: Step
    }

    /// One run of a function in one context, or a site's property initialisers: what the
    /// last pass links, to tell recursion through initialisers from a loop.
    enum Step: Hashable {
        case function(id: Int, context: Int)
        case properties(site: Int)
        /// The graph builder's reads (a coarse run's log only).
        case graph
    }

    /// Where a closure value was made: its parameters are locals of that function run.
    struct ClosureMade {
        var parameters: [String]
        var function: Int
        var context: Int
        var result: Slot
    }
}
