import Foundation
import GraphInspect
import GraphInspectSample
@testable import GraphInspectStatic
import GraphInspectText
import Testing

@Suite struct ReaderSmokeTests {
    @Test func sampleReads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = try StaticReader.files(in: [root.appendingPathComponent("Sources/GraphInspectSample").path])
            .filter { !$0.path.contains("/School/") && !$0.path.contains("/Screen/") && !$0.path.contains("/SignUp/") && !$0.path.hasSuffix("CheckoutModule.swift") }
        let graph = StaticReader.graph(of: files)
        let recorder = GraphRecorder()
        let alive = GraphObservation.withObserver(recorder) { SampleApp.run() }
        let live = withExtendedLifetime(alive) { recorder.snapshot() }
        let comparison = GraphComparison(static: graph.facts, live: GraphFacts(snapshot: live))
        print("fidelity", comparison.fidelity, "only static", comparison.onlyStatic, "only live", comparison.onlyLive)
    }
}
