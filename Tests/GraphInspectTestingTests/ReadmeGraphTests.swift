// The bundled sample's graph, asserted as a user asserts their app's (the README shows the same in
// Examples/Consumer, a package of its own).
import GraphInspectSample
import GraphInspectTesting
import Testing

@Test func sampleAppGraphKeepsItsShape() {
    let graph = GraphCapture.capture { SampleApp.run() }
    expectNoMissingDependencies(graph)
    expectResolves(graph, "analytics", requestedBy: "AvatarComponent", from: "AppComponent")
    expectReachable(graph, module: "settings", from: "ProfileHolder")
    expectGraph(graph, matchesGolden: "Goldens/sample-app.txt")
}
