import Foundation
import GraphInspect
import GraphInspectText
import Testing

/// Spans, the profile and the trace's flows from a run written out by hand, with every time
/// chosen: each figure is checked to the nanosecond against the arithmetic done here.
@Suite struct ProfileSpansTests {
    static let place = SourceLocation(file: "App/Launch.swift", line: 12)
    static let lookupPlace = SourceLocation(file: "App/FeedBuilder.swift", line: 30)

    /// A root made at 1,000; a builder run from 2,000 to 45,000,000 making a component (at 5,000)
    /// and looking `slow` up from 5,500 for 40,001,000 ns, whose `shared { }` build took 40 ms from
    /// 6,000; a mark at 45,200,000; a later screen's lookup of `slow` at 50,000,000; an 8 ms
    /// `@Lazy` build on thread 2 at 3,000,000.
    static let events: [GraphEvent] = [
        .created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.AppComponent", time: 1_000, thread: 1)),
        .created(NodeCreated(id: ObjectID(10), kind: .holder, type: "App.RootHolder", key: "root", component: ObjectID(1))),
        .builderStarted(BuilderStarted(run: ObjectID(100), builder: "App.FeedBuilder", parentComponent: ObjectID(1), holder: ObjectID(10),
                                       context: [], location: place, time: 2_000, thread: 1)),
        .created(NodeCreated(id: ObjectID(2), kind: .component, type: "App.FeedComponent", parent: ObjectID(1), time: 5_000, thread: 1)),
        .sharedCreated(SharedCreated(component: ObjectID(1), type: "App.Slow", form: .shared, time: 6_000, duration: 40_000_000, thread: 1)),
        .lookup(DependencyLookup(requester: ObjectID(2), name: "slow", type: "App.Slow", walk: [ObjectID(2), ObjectID(1)], provider: ObjectID(1),
                                 cacheHit: false, location: lookupPlace, time: 5_500, duration: 40_001_000, thread: 1)),
        .sharedCreated(SharedCreated(component: ObjectID(1), type: "App.Index", form: .lazy, name: "index", time: 3_000_000, duration: 8_000_000, thread: 2)),
        .created(NodeCreated(id: ObjectID(11), kind: .module, type: "App.FeedModule", key: "feed", parent: ObjectID(10), component: ObjectID(2))),
        .builderFinished(BuilderFinished(run: ObjectID(100), module: ObjectID(11), time: 45_000_000)),
        .marked(RunMark(name: "launched", time: 45_200_000, thread: 1)),
        .created(NodeCreated(id: ObjectID(3), kind: .component, type: "App.DealsComponent", parent: ObjectID(1), time: 49_000_000, thread: 1)),
        .lookup(DependencyLookup(requester: ObjectID(3), name: "slow", type: "App.Slow", walk: [ObjectID(3), ObjectID(1)], provider: ObjectID(1),
                                 cacheHit: false, time: 50_000_000, duration: 2_000, thread: 1)),
    ]

    static let spans = RunSpans(GraphSnapshot(events: events))

    @Test func spansAreNestedPerThreadWithTheirOwnTime() {
        let spans = Self.spans.spans
        #expect(Self.spans.origin == 1_000)
        #expect(spans.map(\.kind) == [.builder, .construction, .lookup, .firstUse, .firstUse, .lookup])
        #expect(spans.map(\.start) == [1_000, 1_000, 4_500, 5_000, 2_999_000, 49_999_000])
        #expect(spans.map(\.duration) == [44_998_000, 3_000, 40_001_000, 40_000_000, 8_000_000, 2_000])
        #expect(spans.map(\.parent) == [nil, 0, 0, 2, nil, nil])
        #expect(spans.map(\.ownTime) == [44_998_000 - 3_000 - 40_001_000, 3_000, 1_000, 40_000_000, 8_000_000, 2_000])
        #expect(spans.map(\.thread) == [1, 1, 1, 1, 2, 1])
        #expect(spans[0].label == "FeedBuilder builds FeedModule \"feed\" #4")
        #expect(spans[0].location == Self.place)
        #expect(spans[1].label == "FeedComponent #3 made")
        #expect(spans[2].label == "slow: Slow by FeedComponent #3 <- AppComponent #1")
        #expect(spans[3].label == "shared Slow in AppComponent #1")
        #expect(spans[4].label == "@Lazy index: Index in AppComponent #1")
        #expect(spans[2].group == "AppComponent.slow" && spans[5].group == "AppComponent.slow")
    }

    @Test func theProfileFollowsTheWindowToTheMark() throws {
        let profile = RunProfile(Self.spans, budget: 16_000_000)
        let window = profile.window
        #expect([window.start, window.end] == [0, 45_199_000] && window.thread == 1)
        #expect(window.from == "AppComponent #1 made" && window.mark == "launched")
        #expect(profile.criticalPath.map(\.depth) == [0, 1, 2])
        #expect(profile.criticalPath.map(\.label) == ["FeedBuilder builds FeedModule \"feed\" #4", "slow: Slow by FeedComponent #3 <- AppComponent #1", "shared Slow in AppComponent #1"])
        #expect(profile.criticalPath[1].location == Self.lookupPlace)
        #expect(profile.outsideSpans == 45_199_000 - 44_998_000)
        let overrun = try #require(profile.overBudget.first)
        #expect(profile.overBudget.count == 1)
        #expect(overrun.label == "shared Slow in AppComponent #1" && overrun.duration == 40_000_000 && overrun.onCriticalPath)
        #expect(overrun.inside == ["FeedBuilder builds FeedModule \"feed\" #4", "slow: Slow by FeedComponent #3 <- AppComponent #1"])
        #expect(overrun.location == Self.lookupPlace)
        // Asked for again only after the mark: build it later.
        let candidate = try #require(profile.makeLazy.first)
        #expect(profile.makeLazy.count == 1)
        #expect(candidate.label == "shared Slow in AppComponent #1" && candidate.cost == 40_000_000)
        #expect(candidate.madeBy == "slow: Slow by FeedComponent #3 <- AppComponent #1" && candidate.location == Self.lookupPlace)
        #expect(candidate.nextAsked == 49_999_000 && candidate.nextAskedBy == "slow: Slow by DealsComponent #5 <- AppComponent #1")
        let providers = profile.costliest.providers
        #expect(providers.map(\.name) == ["AppComponent.slow", "AppComponent.index"])
        #expect(providers.map(\.count) == [2, 1] && providers.map(\.askedBy) == [2, 0])
        #expect(providers.map(\.total) == [40_003_000, 8_000_000] && providers.map(\.longest) == [40_001_000, 8_000_000])
        #expect(profile.threads.map(\.busy) == [44_998_000 + 2_000, 8_000_000])
        // Without the mark the window runs to the last activity, and the later lookup is in it.
        let toTheEnd = RunProfile(Self.spans, until: "no such mark")
        #expect(toTheEnd.window.mark == nil && toTheEnd.window.end == 50_001_000)
        #expect(toTheEnd.makeLazy.isEmpty)
    }

    @Test func theTraceLinksTheLaterLookupToTheBuildThatMadeItsProvider() {
        let writer = ChromeTraceWriter()
        let flows = writer.flows(in: Self.spans)
        #expect(flows.map { [$0.from, $0.to] } == [[3, 5]])
        let text = writer.write(Self.spans, program: "App")
        #expect(text.contains(#"{"name":"shared Slow in AppComponent #1","cat":"firstUse","ph":"X","ts":5.000,"dur":40000.000,"pid":1,"tid":1,"args":{"own_us":40000.000}}"#))
        #expect(text.contains(#"{"name":"answers","cat":"flow","ph":"s","id":1,"ts":5.000,"pid":1,"tid":1}"#))
        #expect(text.contains(#"{"name":"answers","cat":"flow","ph":"f","bp":"e","id":1,"ts":49999.000,"pid":1,"tid":1}"#))
        #expect(text.contains(#"{"name":"launched","cat":"mark","ph":"i","s":"p","ts":45199.000,"pid":1,"tid":1}"#))
        #expect(text == writer.write(Self.spans, program: "App"), "the same spans, the same bytes")
    }

    @Test func aRecordingWithoutTimesHasNoSpans() {
        let untimed = RunSpans(GraphSnapshot(events: Self.events).withoutTimes)
        #expect(!untimed.isTimed && untimed.spans.isEmpty)
    }

    @Test func durationsReadAsPeopleWriteThem() {
        #expect(ProfileDuration.text(0) == "0.00 ms")
        #expect(ProfileDuration.text(310_000) == "0.31 ms")
        #expect(ProfileDuration.text(4_214_000) == "4.21 ms")
        #expect(ProfileDuration.text(9_996_000) == "10.0 ms")
        #expect(ProfileDuration.text(40_150_000) == "40.2 ms")
        #expect(ProfileDuration.text(999_960_000) == "1.00 s")
        #expect(ProfileDuration.text(1_254_000_000) == "1.25 s")
    }
}
