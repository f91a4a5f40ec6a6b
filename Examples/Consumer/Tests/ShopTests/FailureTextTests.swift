import GraphInspect
import GraphInspectTesting
import Shop
import Testing
import XCTest

/// Intended failures, checked for the text a user sees.
@Test func aMisspelledNameIsCalledOut() {
    let graph = GraphCapture.capture { ShopApp.launch() }
    withKnownIssue {
        expectResolves(graph, "payments", requestedBy: "CartComponnet", from: "ShopComponent")
    } matching: { issue in
        issue.comments.map(\.rawValue).joined().hasSuffix("Did you mean CartComponent?")
    }
}

@Test func aMissingDependencyShowsItsReport() {
    let graph = GraphCapture.capture { () -> Component in
        let root = ShopComponent(parent: nil)
        _ = try? CartComponent(parent: root).resolve("coupons", as: Int.self)
        return root
    }
    withKnownIssue {
        expectNoMissingDependencies(graph)
    } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("error: missing dependency `coupons: Int`")
    }
}

final class ShopXCTests: XCTestCase {
    func testShopGraphInXCTest() {
        let graph = GraphCapture.capture { ShopApp.launch() }
        expectNoMissingDependencies(graph)
        expectResolves(graph, "payments", requestedBy: "CartComponent", from: "ShopComponent")
    }

    private var expected: [String]?

    /// Failures while `expected` is set are kept for the test to read, not reported.
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected isExpected: Bool) {
        if expected != nil { expected?.append(description) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: isExpected)
        }
    }

    func testAWrongProviderFailsWithTheWalk() {
        let graph = GraphCapture.capture { ShopApp.launch() }
        expected = []
        expectResolves(graph, "payments", requestedBy: "CartComponent", from: "CartComponent")
        let failures = expected ?? []
        expected = nil
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("but ShopComponent #1 answered it first") == true, "\(failures)")
    }
}

/// `try?` into an Optional asks for `Int?`; the fix names the plain type, which satisfies it.
@Test func aLookupIntoAnOptionalIsFixedWithThePlainType() {
    let graph = GraphCapture.capture { () -> Component in
        let root = ShopComponent(parent: nil)
        let coupons: Int? = try? CartComponent(parent: root).resolve("coupons")
        #expect(coupons == nil)
        return root
    }
    withKnownIssue {
        expectNoMissingDependencies(graph)
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("error: missing dependency `coupons: Int?`") && text.contains("fix: declare `let coupons: Int` in CartComponent")
    }
}

/// docs/testing.md's projections, as the page shows them.
@Test func projectionsFromTheTestingGuide() {
    let graph = GraphCapture.capture { ShopApp.launch() }
    // What each node provides, one line each, pinned in a golden.
    let providers = GraphProjection("providers") { graph in
        graph.nodes.map { "\($0.shortType): " + ($0.providers ?? []).map(\.name).joined(separator: ", ") }
            .joined(separator: "\n")
    }
    expectGraph(graph, matchesGolden: "Goldens/providers.txt", as: providers)
    expectGraph(graph, as: .mermaid.lines { $0.contains("-.->") }, equals: """
          c2 -.->|"payments<br/>1 hop"| c1
        """)
}
