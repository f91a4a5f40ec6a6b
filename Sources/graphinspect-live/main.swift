import Foundation
import GraphInspectCLI
import GraphInspectLive

// `graphinspect live`'s server, in an executable of its own so the CLI never builds SwiftNIO
// (docs/live.md). `graphinspect live` hands its arguments here, and they are parsed by the same
// `live` command, with the server installed.
// Ctrl-C, SIGTERM and SIGHUP stop the server (and the app it runs inherits the same): a process
// spawned from a dispatch thread starts with them blocked, and exec keeps that.
var stopping = sigset_t()
sigemptyset(&stopping)
for number in [SIGINT, SIGTERM, SIGHUP] {
    signal(number, SIG_DFL)
    sigaddset(&stopping, number)
}
pthread_sigmask(SIG_UNBLOCK, &stopping, nil)

LiveServerHook.serve = { request in
    do {
        try LiveServer(options: request).run { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    } catch let error as LiveError {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        exit(error.exitStatus)
    }
}
GraphInspectCommand.Live.main()
