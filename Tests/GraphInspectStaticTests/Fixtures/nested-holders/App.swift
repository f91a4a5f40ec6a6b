// A newcomer's music app, as written from the docs: a holder attached below the root through
// the value `attach` returns, and another attached through it. Its one defect: nothing above the
// player provides `lyricsService`.
import GraphInspect

final class AudioEngine: Sendable {}
final class Catalog: Sendable {}
final class LyricsService: Sendable {}

struct MusicContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class AppComponent: Component, RootComponent {
    let engine = AudioEngine()
    let catalog = Catalog()
    init() { super.init(parent: nil) }
}

final class RootHolder: ModuleHolderObject {}

final class LibraryComponent: Component {}
final class LibraryHolder: ModuleHolderObject {
    func openPlaylist() -> PlaylistModule? {
        module(for: "playlist", as: PlaylistModule.self)
    }
}

struct LibraryBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: MusicContext) -> LibraryHolder {
        let component = LibraryComponent(parent: parentComponent)
        let _: Catalog = component.catalog
        return LibraryHolder(key: "library", holder: holder, context: context, component: component)
    }
}

final class PlaylistComponent: Component {}
final class PlaylistModule: ModuleObject {
    init(holder: ModuleHolder?, component: PlaylistComponent) {
        let _: Catalog = component.catalog
        super.init(key: "playlist", holder: holder, component: component)
    }
}
struct PlaylistBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: MusicContext) -> PlaylistModule {
        PlaylistModule(holder: holder, component: PlaylistComponent(parent: parentComponent))
    }
}

final class PlayerComponent: Component {}
final class PlayerModule: ModuleObject {
    init(holder: ModuleHolder?, component: PlayerComponent) {
        let _: AudioEngine = component.engine
        super.init(key: "player", holder: holder, component: component)
    }
    func showLyrics(component: PlayerComponent) {
        let _: LyricsService = component.lyricsService
    }
}
struct PlayerBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: MusicContext) -> PlayerModule {
        let component = PlayerComponent(parent: parentComponent)
        let module = PlayerModule(holder: holder, component: component)
        module.showLyrics(component: component)
        return module
    }
}

let recorder = GraphRecorder()
GraphObservation.install(recorder)
let root = RootHolder(key: "root", holder: nil, context: MusicContext(), component: AppComponent())
let library = root.attach(LibraryBuilder())
library.attach(PlaylistBuilder())
print(library.openPlaylist() != nil)
library.attach(PlayerBuilder())
