import ArgumentParser
import GraphInspectQuery

extension GraphInspectCommand.Query {
    /// `query provider NAME --from COMPONENT`.
    struct ProviderVerb: ParsableCommand, WritingCommand {
        static let configuration = CommandConfiguration(
            commandName: "provider",
            abstract: "Which provider answers NAME for COMPONENT: the component that provides it, where, how many hops up, the path.",
            discussion: "Along each parent chain that reaches COMPONENT. When COMPONENT makes a lookup of NAME, the answer is that lookup's (types compared, as check and the runtime compare them); otherwise it is the nearest provider of the name. When nothing on a chain provides NAME, the answer names the components elsewhere that do and the fix check gives, and the command exits 1."
        )
        static let defaultFormat = QueryPictureFormat.text

        @Argument(help: ArgumentHelp("The dependency name, as lookups ask for it.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("The component asking: its type, module-qualified where two modules share the name.", valueName: "component"))
        var from: String

        @OptionGroup var written: WriteOptions<ProviderVerb>
        @OptionGroup var input: QueryInput

        func run() throws {
            try QueryRun.answer(input, written.output, format: try written.resolved().rawValue,
                                ask: { graph throws(QueryError) in try graph.provider(name, from: from) },
                                text: QueryText.text, picture: QueryPicture.diagram, failed: \.answersNothing)
        }
    }

    /// `query users COMPONENT.NAME`.
    struct UsersVerb: ParsableCommand, WritingCommand {
        static let configuration = CommandConfiguration(
            commandName: "users",
            abstract: "Every lookup that resolves at a provider: where it is written and which component asks (from a run, how often)."
        )
        static let defaultFormat = QueryPictureFormat.text

        @Argument(help: ArgumentHelp("The provider: its component's type, a dot, its name (AppComponent.analytics).", valueName: "component.name"))
        var provider: String

        @OptionGroup var written: WriteOptions<UsersVerb>
        @OptionGroup var input: QueryInput

        func run() throws {
            try QueryRun.answer(input, written.output, format: try written.resolved().rawValue,
                                ask: { graph throws(QueryError) in try graph.users(of: provider) },
                                text: QueryText.text, picture: QueryPicture.diagram)
        }
    }

    /// `query impact --remove COMPONENT.NAME` or `--move COMPONENT.NAME --to COMPONENT`.
    struct ImpactVerb: ParsableCommand, WritingCommand {
        static let configuration = CommandConfiguration(
            commandName: "impact",
            abstract: "What removing or moving a provider breaks (lookups left with none: check's new errors) and rebinds (to another provider).",
            discussion: "Every lookup is walked again over the changed graph as check walks it. A lookup that a provider farther up (or, for a move, nearer) now answers is a rebind, not a break; for a move, a lookup that found nothing and now would is a fix. A move may go up, down or sideways; the lookups of the name below the provider or the target that keep their answer are listed as unchanged."
        )
        static let defaultFormat = QueryTableFormat.text

        @Option(help: ArgumentHelp("The provider to remove: COMPONENT.NAME.", valueName: "component.name"))
        var remove: String?

        @Option(help: ArgumentHelp("The provider to move (with --to): COMPONENT.NAME.", valueName: "component.name"))
        var move: String?

        @Option(help: ArgumentHelp("Where --move puts it: any component, above, below or beside the one that declares it.", valueName: "component"))
        var to: String?

        @OptionGroup var written: WriteOptions<ImpactVerb>
        @OptionGroup var input: QueryInput

        func validate() throws {
            switch (remove, move, to) {
            case (.some, nil, nil), (nil, .some, .some): return
            case (nil, .some, nil): throw ValidationError("--move needs --to COMPONENT: where the provider goes.")
            case (.some, _, _): throw ValidationError("Give --remove COMPONENT.NAME, or --move COMPONENT.NAME --to COMPONENT, not both.")
            default: throw ValidationError("Give --remove COMPONENT.NAME, or --move COMPONENT.NAME --to COMPONENT.")
            }
        }

        func run() throws {
            try QueryRun.answer(input, written.output, format: try written.resolved().rawValue,
                                ask: { graph throws(QueryError) in
                                    if let move, let to { return try graph.impact(move: move, to: to) }
                                    return try graph.impact(remove: remove ?? "")
                                },
                                text: QueryText.text)
        }
    }

    /// `query path FROM TO`.
    struct PathVerb: ParsableCommand, WritingCommand {
        static let configuration = CommandConfiguration(
            commandName: "path",
            abstract: "The chain between two components (or holders, modules): every step from the lower up to the higher.",
            discussion: "Climbs parents, and from a holder or module to the component it was built with. Either may be the higher one."
        )
        static let defaultFormat = QueryPictureFormat.text

        @Argument(help: ArgumentHelp("One end: a component, holder or module type.", valueName: "from"))
        var from: String

        @Argument(help: ArgumentHelp("The other end.", valueName: "to"))
        var to: String

        @OptionGroup var written: WriteOptions<PathVerb>
        @OptionGroup var input: QueryInput

        func run() throws {
            try QueryRun.answer(input, written.output, format: try written.resolved().rawValue,
                                ask: { graph throws(QueryError) in try graph.path(from: from, to: to) },
                                text: QueryText.text, picture: QueryPicture.diagram)
        }
    }

    /// `query stats`.
    struct StatsVerb: ParsableCommand, WritingCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Per provider: lookups, fan-in, blast radius, shadowing, unused; per component: depth, names asked for, fan-out, hops; the longest lookup; the outliers."
        )
        static let defaultFormat = QueryTableFormat.text

        @OptionGroup var written: WriteOptions<StatsVerb>
        @OptionGroup var input: QueryInput

        func run() throws {
            try QueryRun.answer(input, written.output, format: try written.resolved().rawValue,
                                ask: { graph throws(QueryError) in graph.stats(costs: RecordedLookupCosts()) }, text: QueryText.text)
        }
    }
}
