import Foundation
import GraphInspectLive

// `graphinspect live`'s server, in an executable of its own so the CLI never builds SwiftNIO
// (docs/live.md); `graphinspect live` runs it with its arguments.
// Ctrl-C, SIGTERM and SIGHUP stop the server (and the app it runs inherits the same): a process
// spawned from a dispatch thread starts with them blocked, and exec keeps that.
var stopping = sigset_t()
sigemptyset(&stopping)
for number in [SIGINT, SIGTERM, SIGHUP] {
    signal(number, SIG_DFL)
    sigaddset(&stopping, number)
}
pthread_sigmask(SIG_UNBLOCK, &stopping, nil)

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
