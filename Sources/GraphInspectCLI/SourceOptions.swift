import ArgumentParser

/// Where a command's recording comes from: `--trace FILE`, `-- EXECUTABLE`, or the bundled sample.
struct SourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read this trace file instead of running an app.", valueName: "file"))
    var trace: String?

    @Flag(help: "Silence the app's own standard output and error.")
    var quiet = false

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The app to run, and its arguments.", valueName: "executable"))
    var command: [String] = []

    func validate() throws {
        if trace != nil && !command.isEmpty {
            throw ValidationError("Give either --trace FILE or -- EXECUTABLE, not both.")
        }
        if quiet && command.isEmpty {
            throw ValidationError("--quiet silences an app run after --; there is none.")
        }
    }

    var source: SnapshotSource {
        if let trace { return .trace(path: trace) }
        if !command.isEmpty { return .executable(command: command, quiet: quiet) }
        return .sample
    }
}
