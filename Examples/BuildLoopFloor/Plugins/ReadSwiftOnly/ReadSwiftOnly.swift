import Foundation
import PackagePlugin

/// Runs `read-swift-only` over the target's Swift files and those of the targets it depends on,
/// with the same inputs and one output as GraphInspectBuildCheck's command.
@main
struct ReadSwiftOnly: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let modules = [module] + module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
        let files = modules.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        guard !files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ReadSwiftOnly.swift")
        return [.buildCommand(
            displayName: "read \(files.count) Swift files",
            executable: try context.tool(named: "read-swift-only").url,
            arguments: [output.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output]
        )]
    }
}
