import Foundation
import GraphInspect
import GraphInspectSample
import GraphInspectText
import Testing

/// The slow-start sample's three planted costs, found by the profile where they were planted.
/// Times are measured, so the assertions hold them from below (a planted sleep is at least its
/// length) and by their place in the graph, never to an exact figure.
@Suite(.serialized) struct SlowStartProfileTests {
    static let recorded: GraphSnapshot = {
        let recorder = GraphRecorder()
        let root = GraphObservation.withObserver(recorder) { SlowStartApp.run() }
        return withExtendedLifetime(root) { recorder.snapshot() }
    }()

    static let spans = RunSpans(recorded)
    static let profile = RunProfile(spans)

    static func span(_ kind: ProfileSpan.Kind, containing text: String) throws -> ProfileSpan {
        try #require(spans.spans.first { $0.kind == kind && $0.label.contains(text) }, "no \(kind) span with \(text)")
    }

    @Test func theFortyMillisecondProviderIsOnTheCriticalPathAndOverTheBudget() throws {
        let decoder = try Self.span(.firstUse, containing: "@Lazy imageDecoder: ImageDecoder in ShopComponent #1")
        #expect(decoder.duration >= 40_000_000)
        // The thread that made the root: the test's own here (the process's main one in an app).
        #expect(decoder.thread == Self.spans.mainThread)
        let chain = Self.spans.ancestors(of: decoder)
        #expect(chain.map(\.kind) == [.builder, .lookup])
        #expect(chain.first?.label == "FeedBuilder builds ModuleObject \"feed\" #4")
        #expect(chain.first?.location?.file == "GraphInspectSample/SlowStartApp.swift")
        #expect(chain.last?.label == "imageDecoder: ImageDecoder by FeedComponent #3 <- ShopComponent #1")
        // On the critical path, nested under its builder and lookup.
        let path = Self.profile.criticalPath
        let index = try #require(path.firstIndex { $0.label == decoder.label })
        #expect(path[index].depth == 2)
        #expect(path[..<index].last { $0.depth == 0 }?.label == chain.first?.label)
        #expect(path[..<index].last { $0.depth == 1 }?.label == chain.last?.label)
        let overrun = try #require(Self.profile.overBudget.first { $0.label == decoder.label })
        #expect(overrun.onCriticalPath)
        #expect(overrun.location == chain.first?.location)
        #expect(Self.profile.makeLazy.map(\.label) == [decoder.label])
    }

    @Test func theLaterProviderIsMadeByTheLaterScreensFirstLookup() throws {
        let shared = try Self.span(.firstUse, containing: "@Lazy recommendations: Recommendations in ShopComponent #1")
        #expect(shared.duration >= 25_000_000)
        let making = try #require(Self.spans.ancestors(of: shared).last)
        #expect(making.kind == .lookup)
        #expect(making.label == "recommendations: Recommendations by DealsComponent #7 <- ShopComponent #1")
        // After the launch's mark: over the budget, but not on the startup's path.
        #expect(Self.profile.window.mark == "launched")
        #expect(shared.start > Self.profile.window.end)
        #expect(Self.profile.overBudget.first { $0.label == shared.label }?.onCriticalPath == false)
        #expect(!Self.profile.criticalPath.contains { $0.label == shared.label })
    }

    @Test func theLazyProviderWarmedInTheBackgroundIsOnItsOwnThread() throws {
        let index = try Self.span(.firstUse, containing: "@Lazy searchIndex: SearchIndex")
        #expect(index.duration >= 8_000_000)
        #expect(index.thread != Self.spans.mainThread)
        #expect(Self.profile.threads.map(\.thread) == [Self.spans.mainThread, index.thread].sorted())
        #expect(Self.profile.threads.last?.longest.first?.label == "searchIndex: SearchIndex by ShopComponent #1 <- ShopComponent #1")
        #expect(!Self.profile.overBudget.contains { $0.label == index.label }, "off the main thread: no budget")
    }

    @Test func theTextNamesEachPlantedCostWithItsLine() {
        let text = ProfileTextWriter().write(Self.profile)
        #expect(text.hasPrefix("graphinspect profile: startup "))
        #expect(text.contains("from ShopComponent #1 made to mark \"launched\", on "))
        #expect(text.contains("@Lazy imageDecoder: ImageDecoder in ShopComponent #1 (GraphInspectSample/SlowStartApp.swift:"))
        #expect(text.contains("@Lazy recommendations: Recommendations in ShopComponent #1 (GraphInspectSample/SlowStartApp.swift:"))
        #expect(text.contains("make it lazy"))
    }

    /// Chrome's Trace Event Format, as its published description has it (the JSON Object Format):
    /// `traceEvents`, each event with `ph`, `pid`, `tid`, `ts` in microseconds; `X` with `dur`;
    /// `M` metadata naming processes and threads in `args.name`; flows `s`/`f` sharing an `id`.
    @Test func theChromeTraceHasTheSpansOnTheirThreadsTracks() throws {
        let text = ChromeTraceWriter().write(Self.spans, program: "slow \"start\"")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["displayTimeUnit"] as? String == "ms")
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        var threadNames: [Int: String] = [:]
        var flowStarts: [Int: Double] = [:]
        var flowEnds: [Int: Double] = [:]
        for event in events {
            let phase = try #require(event["ph"] as? String)
            #expect(["X", "M", "s", "f", "i"].contains(phase))
            #expect(event["pid"] as? Int == 1)
            let tid = try #require(event["tid"] as? Int)
            switch phase {
            case "M":
                let name = try #require(event["name"] as? String)
                let args = try #require(event["args"] as? [String: Any])
                if name == "thread_name" { threadNames[tid] = args["name"] as? String }
                if name == "process_name" { #expect(args["name"] as? String == "slow \"start\"") }
            case "X":
                #expect(event["name"] is String && event["cat"] is String)
                let ts = try #require(event["ts"] as? Double)
                let dur = try #require(event["dur"] as? Double)
                #expect(ts >= 0 && dur >= 0)
            case "s": flowStarts[try #require(event["id"] as? Int)] = event["ts"] as? Double
            case "f":
                #expect(event["bp"] as? String == "e")
                flowEnds[try #require(event["id"] as? Int)] = event["ts"] as? Double
            default: break
            }
        }
        #expect(threadNames[Int(Self.spans.mainThread)] == RunProfile.threadName(Self.spans.mainThread))
        #expect(Set(flowStarts.keys) == Set(flowEnds.keys))
        for (id, start) in flowStarts { #expect(start <= flowEnds[id] ?? -1, "flow \(id) runs forward in time") }
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == Self.spans.spans.count)
        let decoder = try #require(complete.first { ($0["name"] as? String)?.hasPrefix("@Lazy imageDecoder") == true })
        #expect(decoder["tid"] as? Int == Int(Self.spans.mainThread))
        #expect((decoder["dur"] as? Double ?? 0) >= 40_000)
        let index = try #require(complete.first { ($0["name"] as? String)?.hasPrefix("@Lazy searchIndex") == true })
        #expect(index["tid"] as? Int != Int(Self.spans.mainThread))
        #expect(threadNames[index["tid"] as? Int ?? 0] == "thread \(index["tid"] as? Int ?? 0)")
    }
}
