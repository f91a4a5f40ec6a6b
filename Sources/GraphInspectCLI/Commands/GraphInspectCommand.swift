import ArgumentParser

/// The `graphinspect` command: see docs/cli.md.
public struct GraphInspectCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "graphinspect",
        abstract: "See the dependency graph of an app built on Components and ModuleHolders.",
        discussion: """
            graphinspect records every component, module, holder, router and lookup of a run, \
            then prints the live tree: who provides what, who resolved what from where, and \
            what has been released.

            Examples:
              graphinspect dump                               the bundled sample
              graphinspect dump -o g.svg -- .build/debug/App  your app, drawn
              graphinspect why -- .build/debug/App            why a lookup failed
              graphinspect check Sources                      missing dependencies, from source
              graphinspect query users AppComponent.analytics who uses a provider
              graphinspect live -- .build/debug/App           its graph in the browser, as it runs
              graphinspect profile -- .build/debug/App        where its startup's time went

            """ + "\n" + CompanionTool.installation + "\n" + CLIError.exitCodes,
        version: "0.1.0",
        subcommands: [Dump.self, Render.self, Why.self, Profile.self, ReplayCommand.self, Diff.self, Check.self, Query.self, LanguageServerCommand.self, Live.self, Samples.self]
    )

    public init() {}
}
