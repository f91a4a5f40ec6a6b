import Foundation
import GraphInspect
import GraphInspectSample

/// The bundled sample apps, by name: what `--sample NAME` runs and `graphinspect samples` lists.
struct SampleCatalog {
    struct Entry {
        var name: String
        var summary: String
        var run: Run
    }

    enum Run {
        /// Runs in this process with a recorder; returns the snapshot, taken while the app lives.
        case inProcess(@Sendable () -> GraphSnapshot)
        /// A bundled executable (next to `graphinspect`), run like `dump -- EXECUTABLE`.
        case executable(String)
    }

    static let entries: [Entry] = [
        Entry(
            name: "modules",
            summary: "Components, ModuleHolders: builders, modules, routers and a nested holder, the architecture graphinspect is built for",
            run: .inProcess { record { SampleApp.run() } }
        ),
        Entry(
            name: "modules-dying",
            summary: "The same app opening a checkout whose lookup of paymentService finds nothing: it dies",
            run: .executable("graphinspect-sample-dying")
        ),
        Entry(
            name: "modules-changed",
            summary: "The same app with the settings module removed and featureFlags provided by the profile area: to try graphinspect diff",
            run: .inProcess { record { SampleApp.run(.changed) } }
        ),
        Entry(
            name: "leaking",
            summary: "A root holder detaching two modules: one is released, settings stays alive through a closure that captures it (a leak, after a 1 s wait)",
            run: .executable("graphinspect-sample-leaking")
        ),
        Entry(
            name: "slow-start",
            summary: "A shop whose launch is slow three ways: a 40 ms provider built by a builder on the main thread, a 25 ms one a later screen builds, one warmed on a background thread (for profile)",
            run: .inProcess { record { SlowStartApp.run() } }
        ),
        Entry(
            name: "slow-start-fast",
            summary: "The same shop with its image decoder fast: the same graph, 40 ms less on the main thread, to try diff's costs",
            run: .inProcess { record { SlowStartApp.run(.fastDecoder) } }
        ),
        Entry(
            name: "school",
            summary: "Module-First: app module, onboarding -> login -> students and classes, container, services, closure contracts, deep links",
            run: .inProcess { record { SchoolApp.run().app } }
        ),
        Entry(
            name: "signup",
            summary: "RVB: builders with Dependency and Parameter, routers holding child builders, sign-up A -> B -> C -> D reaching Root",
            run: .inProcess { record { SignUpApp.run() } }
        ),
        Entry(
            name: "screen",
            summary: "Component-based: a view controller composing UI components, configured by view models, calling back to an interactor",
            run: .inProcess { record { ScreenApp.run().screen } }
        ),
    ]

    /// Runs `app` with a recorder in force; snapshots while what it returns is alive.
    static func record<App>(_ app: () -> App) -> GraphSnapshot {
        let recorder = GraphRecorder()
        let alive = GraphObservation.withObserver(recorder, operation: app)
        return withExtendedLifetime(alive) { recorder.snapshot() }
    }

    static var names: [String] { entries.map(\.name) }

    static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The folder `graphinspect` runs from, where SwiftPM puts the bundled sample executables.
    static var executableFolder: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
