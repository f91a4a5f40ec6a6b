import Foundation
import PackagePlugin

/// Gives a target the digest of the sources it is built from (its own and every source target it
/// depends on, swift-syntax's among them), as `enum <Target>Identity { static let sources }`
/// (`graphinspect-source-digest`). The check cache keys what it keeps to it: the same sources
/// built again, from another clone, in another configuration or by `swift test` after `swift
/// build`, read the same cache; a change to any of them does not.
@main
struct SourceIdentity: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let modules = [module] + module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
        // Each file named by its module and its place in the module's folder, never by where the
        // checkout is, so two clones of the same sources give the same digest.
        var labelled: [(label: String, url: URL)] = []
        for source in modules {
            let folder = source.directoryURL.standardizedFileURL.path
            for file in source.sourceFiles where file.type == .source || file.type == .header {
                let path = file.url.standardizedFileURL.path
                let relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : file.url.lastPathComponent
                labelled.append((source.name + "/" + relative, file.url))
            }
        }
        labelled.sort { $0.label < $1.label }
        let type = Self.typeName(target.name)
        let output = context.pluginWorkDirectoryURL.appending(path: "\(type).swift")
        return [
            .buildCommand(
                displayName: "Digesting the \(labelled.count) source files \(target.name) is built from",
                executable: try context.tool(named: "graphinspect-source-digest").url,
                arguments: [output.path, type] + labelled.flatMap { [$0.label, $0.url.path] },
                inputFiles: labelled.map(\.url),
                outputFiles: [output]
            ),
        ]
    }

    /// `GraphInspectStatic` -> `StaticIdentity`, `graphinspect-build-check` -> `BuildCheckIdentity`.
    static func typeName(_ target: String) -> String {
        let words = target.split { !$0.isLetter && !$0.isNumber }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let name = words.joined()
        let prefix = ["GraphInspect", "Graphinspect"].first { name.hasPrefix($0) && name.count > $0.count }
        return String(name.dropFirst(prefix?.count ?? 0)) + "Identity"
    }
}
