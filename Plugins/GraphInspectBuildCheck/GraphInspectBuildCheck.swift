import Foundation
import PackagePlugin

/// `GraphInspectBuildCheck`: `graphinspect check` in every build of the target that uses it. It
/// reads the target's Swift files and those of every source target it depends on (in this package
/// and in its dependencies), and reports findings as a compiler does (`FILE:LINE:COL: error:
/// missing dependency ...`, the walk and the fix on the lines after), so SwiftPM and Xcode show
/// them at the line and an error fails the build. The package's `graphinspect.yml` (and its
/// `graphinspect-rules-baseline.txt`), when there is one as the check runs, is held to as
/// `check --rules` holds it.
/// Every file read is an input and a file in the plugin's work folder the output, so a build with
/// nothing changed does not check again, but for the build after SwiftPM plans the build again:
/// it relinks the tool then, and runs the command again (docs/check.md). The tool asked for by
/// name is built from source here, or is a binary artifact's (`Examples/BuildCheckBinary`).
@main
struct GraphInspectBuildCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // graphinspect's own targets are not the app's: the reader knows the library's types.
        let library = Set(context.package.dependencies.filter { Self.isGraphInspect($0.package) }.flatMap { $0.package.targets.map(\.id) })
        let modules = ([module] + module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }).filter { !library.contains($0.id) }
        let files = modules.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        // A target with no Swift files (C, resources) has nothing to check.
        guard !files.isEmpty else { return [] }
        return [Self.command(tool: try context.tool(named: "graphinspect-build-check").url, files: files,
                             work: context.pluginWorkDirectoryURL, target: target.name, root: context.package.directoryURL)]
    }

    /// Whether `package` is graphinspect: it declares this plugin's tool.
    static func isGraphInspect(_ package: Package) -> Bool {
        package.targets.contains { $0.name == "graphinspect-build-check" }
    }

    /// The build command: check `files` (and the rules in `root`'s `graphinspect.yml`), keeping
    /// the check cache in `work` and writing a file there when no error is found.
    ///
    /// The rules files are looked for by the tool when it runs (`--rules-if-present`), and are
    /// not inputs: SwiftPM keeps a plugin's commands from one build to the next (until the
    /// manifest changes), so a rules file declared while it existed would fail every build once
    /// it was deleted ("missing inputs"), and one added later would not be declared. A change to
    /// the rules is seen by the next build that checks again: after any edit of the sources.
    static func command(tool: URL, files: [URL], work: URL, target: String, root: URL) -> Command {
        let output = work.appendingPathComponent("GraphInspectBuildCheck.swift")
        let rulesFile = root.appendingPathComponent("graphinspect.yml"), baseline = root.appendingPathComponent("graphinspect-rules-baseline.txt")
        return .buildCommand(
            displayName: "graphinspect check \(target) (\(files.count) files)",
            executable: tool,
            arguments: ["--cache-path", work.appendingPathComponent("cache").path, "--rules-if-present", rulesFile.path,
                        "--rules-baseline-if-present", baseline.path, output.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output]
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same in an Xcode project: the target's Swift files. Written from Apple's documented
/// `XcodeBuildToolPlugin` API and not built here (no Xcode on these machines): see docs/check.md.
extension GraphInspectBuildCheck: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard !files.isEmpty else { return [] }
        return [Self.command(tool: try context.tool(named: "graphinspect-build-check").url, files: files,
                             work: context.pluginWorkDirectoryURL, target: target.displayName, root: context.xcodeProject.directoryURL)]
    }
}
#endif
