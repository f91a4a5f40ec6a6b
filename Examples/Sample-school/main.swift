// The Module-First school app (seed 001) as its own executable; records through GRAPHINSPECT_TRACE.
import GraphInspect
import GraphInspectSample

let (app, log) = SchoolApp.run()
withExtendedLifetime(app) {
    for line in log { print("school: \(line)") }
}
