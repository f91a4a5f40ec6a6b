// The component-based profile screen (seed 003) as its own executable; records through GRAPHINSPECT_TRACE.
import GraphInspect
import GraphInspectSample

let (screen, log) = ScreenApp.run()
withExtendedLifetime(screen) {
    for line in log { print("screen: \(line)") }
}
