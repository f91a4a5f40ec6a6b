// The RVB sign-up app (seed 002) as its own executable; records through GRAPHINSPECT_TRACE.
import GraphInspect
import GraphInspectSample

let (root, users, log) = SignUpApp.run()
withExtendedLifetime((root, users)) {
    for line in log { print("signup: \(line)") }
}
