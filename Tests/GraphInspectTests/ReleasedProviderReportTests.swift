import Testing
@testable import GraphInspect

// A music player, as a newcomer wrote it: the search module provides the lyrics service, and the
// now-playing screen asks for it after search was closed (detached) and released with it.

final class LyricsService: Sendable {}

final class PlayerAppComponent: Component, RootComponent {}

final class SearchComponent: Component {
    let lyricsService = LyricsService()
}

final class NowPlayingComponent: Component {
    let trackTitle = "Blue in Green"
}

final class PlayerHolder: ModuleHolderObject {}

final class SearchModule: ModuleObject {}

/// The player: the root holder with the search module attached, and the now-playing component.
struct MusicPlayer {
    let app = PlayerAppComponent(parent: nil)
    let root: PlayerHolder
    let nowPlaying: NowPlayingComponent

    init() {
        root = PlayerHolder(key: "root", holder: nil, context: EmptyContext(), component: app)
        root.attach(SearchModule(key: "search", holder: root, component: SearchComponent(parent: app)))
        nowPlaying = NowPlayingComponent(parent: app)
    }

    /// The now-playing screen's lookup, written at Player/NowPlaying.swift:42.
    func askForLyrics() throws(MissingDependency) -> LyricsService {
        try nowPlaying.resolve("lyricsService", fileID: "Player/NowPlaying.swift", line: 42)
    }
}

@Suite struct ReleasedProviderReportTests {
    /// `text` with the time in "released ... before the lookup" written `<time>`.
    func timeless(_ text: String) -> String {
        text.replacing(/released [^`;]*? before the lookup/) { _ in "released <time> before the lookup" }
    }

    @Test func aProviderReleasedByADetachIsNamedWithTheDetachAndTheFix() throws {
        let player = MusicPlayer()
        player.root.detach(ModuleKey("search"))
        let error = try #require(throws: MissingDependency.self) { try player.askForLyrics() }
        #expect(timeless(error.description) == """
            error: missing dependency `lyricsService: LyricsService`
              asked by NowPlayingComponent at ^->PlayerAppComponent->NowPlayingComponent (Player/NowPlaying.swift:42)
              walked 2 components, nearest first:
                1. NowPlayingComponent  provides trackTitle: String
                2. PlayerAppComponent (root)  provides nothing
              released before the lookup (provided, then let go):
                `lyricsService: LyricsService` at ^->PlayerAppComponent->SearchComponent, released <time> before the lookup when PlayerHolder "root" detached SearchModule "search"; nearest common ancestor: PlayerAppComponent
              fix: move `lyricsService: LyricsService` from SearchComponent up to PlayerAppComponent, which outlives the detach, or keep SearchModule "search" attached to PlayerHolder "root" while NowPlayingComponent needs it
            """)
        let released = try #require(error.released.first)
        #expect(released.nanosecondsBefore != nil, "the live process reads the clock at the release and at the miss")
        #expect(released.eventsBefore == nil, "events are a recording's")
    }

    @Test func withTheProviderStillAttachedTheReportIsTodays() throws {
        let player = MusicPlayer()
        let error = try #require(throws: MissingDependency.self) { try player.askForLyrics() }
        #expect(error.released.isEmpty)
        #expect(error.description == """
            error: missing dependency `lyricsService: LyricsService`
              asked by NowPlayingComponent at ^->PlayerAppComponent->NowPlayingComponent (Player/NowPlaying.swift:42)
              walked 2 components, nearest first:
                1. NowPlayingComponent  provides trackTitle: String
                2. PlayerAppComponent (root)  provides nothing
              elsewhere in the tree (not on the walk):
                `lyricsService: LyricsService` at ^->PlayerAppComponent->SearchComponent; nearest common ancestor: PlayerAppComponent
              fix: move `lyricsService: LyricsService` from SearchComponent up to PlayerAppComponent, which both reach
            """)
    }

    /// A recording rebuilds the report the process printed, word for word: the same release,
    /// detach and times.
    @Test func aRecordingGivesTheSameReportAsTheLiveProcess() throws {
        let (live, snapshot) = record { () -> MissingDependency? in
            let player = MusicPlayer()
            player.root.detach(ModuleKey("search"))
            do throws(MissingDependency) {
                _ = try player.askForLyrics()
                return nil
            } catch {
                return error
            }
        }
        let error = try #require(live)
        let recorded = try #require(snapshot.failures().last)
        #expect(recorded.report(style: .plain) == error.description)
        #expect(error.description.contains("when PlayerHolder \"root\" detached SearchModule \"search\""))
    }

    /// A recording without times (a snapshot's JSON, an old trace) dates the release by events.
    @Test func withoutTimesTheReleaseIsDatedByEvents() throws {
        let (_, snapshot) = record { () -> Void in
            let player = MusicPlayer()
            player.root.detach(ModuleKey("search"))
            _ = try? player.askForLyrics()
        }
        let failure = try #require(snapshot.withoutTimes.failures().last)
        guard case .dependency(let report, _) = failure else {
            Issue.record("not a dependency failure: \(failure)")
            return
        }
        let released = try #require(report.released.first)
        #expect(released.nanosecondsBefore == nil)
        // Released after the detach, the search module first, its component next; then the
        // lookup: its component's release is the event just before.
        #expect(released.eventsBefore == 1)
        #expect(report.report(style: .plain).contains(
            "`lyricsService: LyricsService` at ^->PlayerAppComponent->SearchComponent, released 1 event before the lookup when PlayerHolder \"root\" detached SearchModule \"search\"; nearest common ancestor: PlayerAppComponent"
        ))
    }

    /// Attached again after its detach, the module's later release is not that detach's doing.
    @Test func aModuleAttachedAgainIsNotSaidToBeDetached() {
        var released = ReleasedComponents()
        let holder = ReleasedComponents.Node(type: "Player.PlayerHolder", key: "root")
        let module = ReleasedComponents.Node(type: "Player.SearchModule", key: "search")
        released.moduleDetached(component: ObjectID(2), .init(holder: holder, module: module))
        released.moduleAttached(component: ObjectID(2))
        released.componentReleased(
            .init(id: ObjectID(2), type: "Player.SearchComponent"), providers: [Provider(name: "lyricsService", type: "Player.LyricsService", form: .stored)],
            ancestors: [.init(id: ObjectID(1), type: "Player.PlayerAppComponent")], time: nil, event: nil
        )
        #expect(released.providing("lyricsService").map(\.detach) == [nil])
    }

    /// An app that makes and drops components all day keeps the last few per name.
    @Test func releasedComponentsAreKeptAFewPerName() {
        var released = ReleasedComponents()
        for id in 1...20 {
            released.componentReleased(
                .init(id: ObjectID(UInt64(id)), type: "Player.SearchComponent"), providers: [Provider(name: "lyricsService", type: "Player.LyricsService", form: .stored)],
                ancestors: [.init(id: ObjectID(100), type: "Player.PlayerAppComponent")], time: nil, event: id
            )
        }
        #expect(released.providing("lyricsService").map(\.event) == Array((13...20).reversed()))
        #expect(released.providing("trackTitle").isEmpty)
    }
}
