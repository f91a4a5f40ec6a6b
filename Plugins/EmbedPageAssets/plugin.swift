import Foundation
import PackagePlugin

/// Embeds a target's `Assets/*.{js,css,html}` into it at build time, as `enum PageAssets`'s string
/// constants (`graphinspect-embed`), so the pages are edited, linted and tested as the files they
/// are, and an executable that links the target is still one self-contained file.
@main
struct EmbedPageAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Assets")
        let assets = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["js", "css", "html"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "PageAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(assets.count) page assets into \(target.name)",
                executable: try context.tool(named: "graphinspect-embed").url,
                arguments: [output.path, "PageAssets"] + assets.map(\.path),
                inputFiles: assets,
                outputFiles: [output]
            ),
        ]
    }
}
