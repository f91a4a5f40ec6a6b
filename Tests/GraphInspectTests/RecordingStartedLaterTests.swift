import Testing
@testable import GraphInspect

/// A recording that begins after the app was built, as `expectNoLeaks(recorder)` is written
/// around one action: it meets the modules made before it at their detach, and must hear of
/// their release too, or a module freed at once reads as a leak.
@Suite struct RecordingStartedLaterTests {
    @Test func aModuleMadeBeforeTheRecordingIsSeenReleased() {
        let holder = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        holder.attach(TestBuilder(key: "history"))
        let recorder = GraphRecorder()
        GraphObservation.withObserver(recorder) {
            holder.detach(ModuleKey("history"))
            holder.attach(TestBuilder(key: "history"))
        }
        let snapshot = recorder.snapshot()
        let detached = snapshot.events.compactMap { event -> ObjectID? in
            if case .moduleDetached(let attachment) = event { return attachment.module }
            return nil
        }
        #expect(detached.count == 1)
        let released = Set(snapshot.events.compactMap { event -> ObjectID? in
            if case .released(let release) = event { return release.id }
            return nil
        })
        #expect(detached.allSatisfy(released.contains), "the detached module's release reached the recording")
        let later = RecordingClock.now() + 2 * RetainedAfterDetach.defaultGrace
        #expect(RetainedAfterDetach.find(in: snapshot, now: later).filter(\.isLeak).isEmpty)
        withExtendedLifetime(holder) {}
    }
}
