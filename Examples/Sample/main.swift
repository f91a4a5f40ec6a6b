// The bundled sample app as its own executable: it links only the runtime, so
// `graphinspect dump -- <this binary>` records it through GRAPHINSPECT_TRACE like any user's app.
// `--forever` keeps making components and looking dependencies up until the process is killed
// (the tests SIGKILL it mid-stream to prove the trace keeps every complete line). `--wait` runs the
// session, then waits to be interrupted (the tests send graphinspect SIGINT and SIGTERM meanwhile).
import Foundation
import GraphInspect
import GraphInspectSample

let app = SampleApp.run()
if CommandLine.arguments.dropFirst().first == "--forever" {
    print("sample app: recording until killed")
    while true {
        let screen = Component(parent: app.component)
        let _: Analytics = screen.analytics
        let _: Analytics = screen.analytics
    }
}
if CommandLine.arguments.dropFirst().first == "--wait" {
    print("sample app: session finished; waiting to be interrupted")
    fflush(nil)
    while true { sleep(60) }
}
withExtendedLifetime(app) {
    print("sample app: session finished")
}
