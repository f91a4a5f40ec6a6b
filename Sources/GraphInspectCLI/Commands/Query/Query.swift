import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectQuery

extension GraphInspectCommand {
    /// `graphinspect query`: questions asked of the graph, from the sources (as `check` reads
    /// them) or from a run.
    public struct Query: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Ask the graph: which provider answers a name, who uses a provider, what removing or moving it breaks.",
            discussion: """
                Reads the graph as `check` does (the Swift sources under --sources, default \
                Sources, with --cache-path), or from a run (--trace FILE, or -- APP), then answers \
                one question. Answers from the sources and from a run agree wherever the run made \
                the lookup. --format json is stable, for scripts (docs/query.md).

                Examples:
                  graphinspect query provider analytics --from HomeComponent
                  graphinspect query users AppComponent.analytics
                  graphinspect query impact --remove AppComponent.analytics
                  graphinspect query impact --move AppComponent.analytics --to FeatureComponent
                  graphinspect query path HomeComponent AppComponent
                  graphinspect query stats --format json
                  graphinspect query users AppComponent.analytics --trace run.json

                Exit codes: 0 answered, 1 `provider` found nothing that provides the name on \
                some chain, 64 bad arguments (a name that matches nothing: the \
                nearest names are suggested), 65 a malformed recording, 66 sources or recording \
                unreadable, 69 graphinspect-check not built (for the sources) or the app cannot \
                be run, 73 the output cannot be written.
                """,
            subcommands: [ProviderVerb.self, UsersVerb.self, ImpactVerb.self, PathVerb.self, StatsVerb.self]
        )

        /// Set to `query` when `graphinspect` hands a query over the sources to
        /// `graphinspect-check` (which runs `check` otherwise).
        public static let companionVariable = "GRAPHINSPECT_COMPANION_COMMAND"

        public init() {}
    }
}

/// What a picture answer can be written as.
public enum QueryPictureFormat: String, WritableFormat {
    case text, json, dot, mermaid
}

/// What an answer with no picture can be written as.
public enum QueryTableFormat: String, WritableFormat {
    case text, json
}
