import Foundation
import GraphInspect
import GraphInspectSample
import Testing
@testable import GraphInspectTesting

// The app the captures below build, with its defects.
final class Gateway: Sendable {}
final class Analytics: Sendable {}

final class ShopComponent: Component, RootComponent {
    let analytics = Analytics()
}

final class CheckoutComponent: Component {}

/// A component whose parent is held weakly: once the parent is released, its lookups walk
/// itself alone.
final class OrphanComponent: Component {
    weak var weakParent: Component?
    override var parent: Component? { weakParent }
}

/// Two components each the other's parent.
final class LoopComponent: Component {
    weak var loopParent: Component?
    override var parent: Component? { loopParent }
}

/// A capture whose code ends the process fails its test, with the report and the graph recorded
/// until then, and the test process lives on: the capture runs the code in a copy first
/// (`CaptureProbe`). Each defect below would otherwise end this whole test run.
@Suite struct CaptureIsolationTests {
    /// The issues `body` records, each issue's comments joined.
    func issues(_ body: () -> Void) -> [String] {
        let messages = ExpectationTests.Box()
        var all: [String] = []
        withKnownIssue(isIntermittent: true) {
            body()
        } matching: { issue in
            messages.set(messages.value + issue.comments.map(\.rawValue).joined(separator: "\n") + "\u{1}")
            return true
        }
        all = messages.value.split(separator: "\u{1}").map(String.init)
        return all
    }

    /// Under ThreadSanitizer captures stay in the test's process (its runtime does not survive a
    /// fork while other threads run); elsewhere the copy is made.
    @Test func threadSanitizerIsToldFromItsRuntime() {
        #expect(CaptureProbe.underThreadSanitizer == (dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil))
        #expect(!CaptureProbe.underThreadSanitizer, "this test run is not sanitized, so captures are made in a copy")
        #expect(CaptureProbe.isEnabled || ProcessInfo.processInfo.environment[CaptureProbe.environmentVariable] == "in-process")
    }

    @Test func aMissingDependencyReadAsAMemberFailsTheTestWithTheReport() {
        var graph = GraphSnapshot(events: [])
        let failures = issues {
            graph = GraphCapture.capture {
                let shop = ShopComponent(parent: nil)
                let checkout = CheckoutComponent(parent: shop)
                let _: Analytics = checkout.analytics
                let gateway: Gateway = checkout.gateway
                return (shop, checkout, gateway)
            }
            expectNoMissingDependencies(graph)
        }
        #expect(failures.count == 2, "\(failures)")
        let report = failures.first ?? ""
        #expect(report.hasPrefix("The code under capture ends the process on a defect in the graph:\nerror: missing dependency `gateway: Gateway`"))
        #expect(report.contains("walked 2 components, nearest first:"))
        #expect(report.contains("  fix: declare `let gateway: Gateway` in CheckoutComponent"))
        #expect(report.hasSuffix("The capture returns the graph recorded until then (2 nodes); the test's other expectations judge it."))
        // The graph up to the miss: both components, the lookup that was found and the one that was not.
        #expect(graph.nodes.map(\.shortType) == ["ShopComponent", "CheckoutComponent"])
        #expect(graph.failures().count == 1)
        #expect(failures.last?.contains("missing dependency `gateway: Gateway`") == true, "expectNoMissingDependencies judges the graph recorded")
    }

    @Test func aLookupFromAComponentWhoseParentIsReleasedFailsTheTest() {
        let failures = issues {
            _ = GraphCapture.capture {
                let orphan = OrphanComponent(parent: nil)
                do {
                    let shop = ShopComponent(parent: nil)
                    orphan.weakParent = shop
                }
                let analytics: Analytics = orphan.analytics
                return (orphan, analytics)
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("error: missing dependency `analytics: Analytics`") == true, "\(failures)")
    }

    /// A builder naming a context type the holder's context is not: the report says which types met.
    struct ProfileContext: ModuleHolderContext { let parent: (any ModuleHolderContext)? = nil }
    struct ProfileBuilder: ModuleBuilder {
        func build(parentComponent: Component, holder: ModuleHolderObject?, context: ProfileContext) -> ModuleObject {
            ModuleObject(key: "profile", holder: holder, component: Component(parent: parentComponent))
        }
    }

    @Test func aBuilderOfAnotherContextTypeFailsTheTestWithBothTypes() {
        let failures = issues {
            _ = GraphCapture.capture {
                let holder = ModuleHolderObject(key: "root", holder: nil, context: EmptyContext(), component: ShopComponent(parent: nil))
                return holder.attach(ProfileBuilder())
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("error: ModuleHolderObject \"root\" attached CaptureIsolationTests.ProfileBuilder, which reads a context of type CaptureIsolationTests.ProfileContext, but the holder's context is of type EmptyContext") == true, "\(failures)")
    }

    @Test func aCycleOfParentsFailsTheTestWithTheLoop() {
        let failures = issues {
            _ = GraphCapture.capture {
                let first = LoopComponent(parent: nil), second = LoopComponent(parent: nil)
                first.loopParent = second
                second.loopParent = first
                let analytics: Analytics = first.analytics
                return (first, second, analytics)
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("the parent chain loops: LoopComponent -> LoopComponent -> LoopComponent") == true, "\(failures)")
    }

    @Test func theAppsOwnFatalErrorIsReportedAsACrashWithItsMessage() {
        let failures = issues {
            let graph = GraphCapture.capture {
                let shop = ShopComponent(parent: nil)
                if shop.parent == nil { fatalError("the app gave up: no network") }
                return shop
            }
            #expect(graph.nodes.map(\.shortType) == ["ShopComponent"])
        }
        #expect(failures.count == 1)
        let message = failures.first ?? ""
        #expect(message.hasPrefix("The code under capture crashed with SIGILL") || message.hasPrefix("The code under capture crashed with SIGTRAP"), "\(message)")
        #expect(message.contains("the app gave up: no network"))
        #expect(message.hasSuffix("The capture returns the graph recorded until then (1 node); the test's other expectations judge it."))
    }

    @Test func theAppsOwnExitIsReportedWithItsStatus() {
        let failures = issues {
            _ = GraphCapture.capture {
                let shop = ShopComponent(parent: nil)
                print("leaving early")
                if shop.parent == nil { exit(3) }
                return shop
            }
        }
        #expect(failures.count == 1)
        let message = failures.first ?? ""
        #expect(message.hasPrefix("The code under capture called exit(3), which would end the test run"), "\(message)")
        #expect(message.contains("  leaving early"))
    }

    @Test func aModuleLookupThatFoundNothingIsNamedWhenTheAppUnwrapsIt() {
        let failures = issues {
            _ = GraphCapture.capture {
                let root = SampleApp.run()
                let missing: ModuleObject? = root.module(for: "nowhere")
                return (root, missing!)
            }
        }
        #expect(failures.count == 1)
        let message = failures.first ?? ""
        #expect(message.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"), "\(message)")
        #expect(message.contains("The last lookup that failed before it ended:\nerror: no module \"nowhere\" from RootHolder \"root\" up to the root holder"), "\(message)")
    }

    /// A capture that finishes runs in the test's process too: what it returns is the test's.
    @Test func aCaptureThatFinishesIsTheInProcessCapture() throws {
        let probed = GraphCapture.capture { SampleApp.run() }
        let alone = GraphCapture.capture(isolation: .inProcess) { SampleApp.run() }
        #expect(try GraphProjection.textWithCounts.render(probed) == GraphProjection.textWithCounts.render(alone))
        var effects = 0
        _ = GraphCapture.capture { effects += 1 }
        #expect(effects == 1, "the copy's effects stay in the copy")
    }

    /// A lock another thread held at the fork stays held in the copy for ever: the copy sleeps,
    /// is taken for stuck and killed, and another copy is made, once the lock is given back. No
    /// failure (that says nothing of the code under capture), but a warning that says so.
    @Test func aCopyStuckOnALockAnotherThreadHeldIsMadeAgainAndSaysSo() {
        let lock = NSLock()
        let held = DispatchSemaphore(value: 0)
        Thread {
            lock.lock()
            held.signal()
            Thread.sleep(forTimeInterval: ChildWait.stuckAfter + 1.5)
            lock.unlock()
        }.start()
        held.wait()
        let warnings = ExpectationTests.Box()
        var graph = GraphSnapshot(events: [])
        withKnownIssue(isIntermittent: true) {
            graph = CaptureProbe.$onlyCopies.withValue(true) {
                GraphCapture.capture {
                    lock.lock()
                    defer { lock.unlock() }
                    return ShopComponent(parent: nil)
                }
            }
        } matching: { issue in
            warnings.set(warnings.value + issue.comments.map(\.rawValue).joined())
            return issue.severity == .warning
        }
        #expect(graph.nodes.map(\.shortType) == ["ShopComponent"])
        #expect(warnings.value.contains("sat 2."), "\(warnings.value)")
        #expect(warnings.value.contains("it was killed and made again (no fault of the code)"), "\(warnings.value)")
    }

    /// A copy that does not end in time is killed and the test fails, never hangs.
    @Test func aCaptureThatHangsIsKilled() {
        let verdict = CaptureProbe.probe(timeout: 0.5, site: #fileID + ":\(#line)") {
            while true { sleep(1) }
        }
        guard case .died(let death)? = verdict else {
            Issue.record("the hanging capture was not killed: \(String(describing: verdict))")
            return
        }
        #expect(death.cause == .timedOut(seconds: 0.5))
    }
}
