import Foundation
import PackagePlugin

/// `swift package graphinspect-check`: runs `graphinspect check` over the Swift files of the
/// package's own source targets (or those named with `--target`), so a user checks their app the Swift way. Every other
/// argument goes to `graphinspect check` (`--format svg -o static.svg`, `--against run.json`).
@main
struct GraphInspectCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let root = context.package.directoryURL.standardizedFileURL.path
        // Test targets are left out: they make components and holders of their own, as fixtures.
        let folders = targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.kind != .test }.flatMap { target in
            target.sourceFiles(withSuffix: "swift").map { file in
                let path = file.url.standardizedFileURL.path
                return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            }
        }
        guard !folders.isEmpty else {
            Diagnostics.error("graphinspect-check: this package has no source targets to read")
            return
        }
        let process = Process()
        process.executableURL = try context.tool(named: "graphinspect-check").url
        process.arguments = extractor.remainingArguments + folders
        process.currentDirectoryURL = context.package.directoryURL
        // One pipe for both streams, so the findings and the summary keep the tool's order.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason != .exit || process.terminationStatus != 0 else {
            print(printed, terminator: "")
            return
        }
        // SwiftPM holds a plugin's output back until it exits and prints a diagnostic at once, so
        // an error of its own would come before the findings: the findings are the error's text,
        // and the line saying the check failed comes after them.
        Diagnostics.error(printed + "graphinspect check failed (exit status \(process.terminationStatus)): the findings above")
    }
}
