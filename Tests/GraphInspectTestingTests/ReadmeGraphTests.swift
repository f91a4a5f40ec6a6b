// The README's third section shows this file from here to the end, compiled and run by the tests.
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
