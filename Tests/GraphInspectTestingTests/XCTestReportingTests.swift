import GraphInspect
import GraphInspectSample
@testable import GraphInspectTesting
import XCTest

/// In an XCTest test (no current Swift Testing test), failures go to XCTest at the caller's line.
final class XCTestReportingTests: XCTestCase {
    private var recorded: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            recorded.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testFailuresAreReportedToXCTestAtTheCallersLine() {
        let graph = GraphCapture.capture { SampleApp.run() }
        capturing = true
        expectResolves(graph, "profileStore", requestedBy: "AvatarComponent", from: "AppComponent"); let line = #line
        capturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertEqual(recorded.first?.file, #filePath)
        XCTAssertTrue(recorded.first?.description.contains("but ProfileComponent #13 answered it first") == true)
    }

    func testPassingExpectationsRecordNothing() {
        let graph = GraphCapture.capture { SampleApp.run() }
        capturing = true
        expectNoMissingDependencies(graph)
        expectResolves(graph, "analytics", requestedBy: "HomeComponent", from: "AppComponent")
        capturing = false
        XCTAssertTrue(recorded.isEmpty)
    }
}
