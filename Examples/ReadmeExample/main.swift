import GraphInspect
import GraphInspectText

final class Analytics: Sendable {}

// A root component provides; a child finds what it lacks by walking up its parents.
final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
}

final class FeedComponent: Component {}

let recorder = GraphRecorder()
GraphObservation.install(recorder)

let app = AppComponent(parent: nil)
let feed = FeedComponent(parent: app)
let analytics: Analytics = feed.analytics // found one hop up, at AppComponent
do {
    let _: Analytics = try feed.resolve("analyticz") // a typo: an error, not a crash
} catch {
    print(error)
}
print(TreeTextWriter().write(recorder.snapshot()), terminator: "")
