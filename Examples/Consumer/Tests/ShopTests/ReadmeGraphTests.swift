// The README's test section shows this file from here to the end.
import GraphInspectTesting
import Shop
import Testing

@Test func shopGraphKeepsItsShape() {
    let graph = GraphCapture.capture { ShopApp.launch() }
    expectNoMissingDependencies(graph)
    expectResolves(graph, "payments", requestedBy: "CartComponent", from: "ShopComponent")
    expectReachable(graph, module: "cart", from: "ShopHolder")
    expectGraph(graph, matchesGolden: "Goldens/shop.txt")
}
