import PackagePlugin

/// A build-tool plugin that declares `tool`, so SwiftPM builds it (and what it links) for the host.
@main
struct Tool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] { [] }
}
