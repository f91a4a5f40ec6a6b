import Foundation
import GraphInspectLive

// `graphinspect live`'s server, in an executable of its own so the CLI never builds SwiftNIO
// (docs/live.md); `graphinspect live` runs it with its arguments.
switch LiveServer.Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let error):
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(error.exitStatus)
case .success(let options):
    do {
        try LiveServer(options: options).run { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    } catch {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        exit(error.exitStatus)
    }
}
