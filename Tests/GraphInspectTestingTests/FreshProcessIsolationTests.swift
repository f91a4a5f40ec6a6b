import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTesting

/// The issues `body` records, each issue's comments joined.
private func issues(_ body: () async -> Void) async -> [String] {
    let messages = ExpectationTests.Box()
    await withKnownIssue(isIntermittent: true) {
        await body()
    } matching: { issue in
        messages.set(messages.value + issue.comments.map(\.rawValue).joined(separator: "\n") + "\u{1}")
        return true
    }
    return messages.value.split(separator: "\u{1}").map(String.init)
}

/// A graph that reads what nothing provides, as a member: it ends whatever process runs it.
private func launchWithAMissingGateway() -> (ShopComponent, CheckoutComponent, Gateway) {
    let shop = ShopComponent(parent: nil)
    let checkout = CheckoutComponent(parent: shop)
    let gateway: Gateway = checkout.gateway
    return (shop, checkout, gateway)
}

/// Where a capture's code runs first: a fresh process of the test binary running this test alone
/// (Swift Testing, not parameterized, Linux), else a copy of the process.
@Suite struct FreshProcessIsolationTests {
    #if os(Linux)
    @Test func aSwiftTestingTestsCaptureRunsFirstInAFreshProcess() async {
        let failures = await issues {
            _ = GraphCapture.capture {
                print("about to leave")
                exit(4)
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("The code under capture called exit(4), which would end the test run; the capture ran it in a fresh process of the test binary, running this test alone, first.") == true, "\(failures)")
        #expect(failures.first?.contains("  about to leave") == true)
    }
    #endif

    #if os(Linux)
    /// An async capture's code runs first in a fresh process, awaiting there as it does here: a
    /// copy could not run it, and in the test's process its end would end the run.
    @Test func anAsyncCaptureRunsFirstInAFreshProcess() async {
        let failures = await issues {
            let graph = await GraphCapture.capture { () async -> (ShopComponent, CheckoutComponent, Gateway) in
                await Task.yield()
                return launchWithAMissingGateway()
            }
            #expect(graph.nodes.map(\.shortType) == ["ShopComponent", "CheckoutComponent"])
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("The code under capture ends the process on a defect in the graph:\nerror: missing dependency `gateway: Gateway`") == true, "\(failures)")
    }
    #endif

    @Test func aCopyIsTakenWhereAFreshProcessIsNot() async {
        let failures = await issues {
            _ = CaptureProbe.$onlyCopies.withValue(true) { GraphCapture.capture { exit(5) } }
        }
        #expect(failures.first?.hasPrefix("The code under capture called exit(5), which would end the test run; the capture ran it in a copy of the test process first.") == true, "\(failures)")
    }

    /// A synchronous capture in an async test takes the synchronous overload, isolated: the same
    /// code compiles in a synchronous test and an async one, without `await`.
    @Test func aSynchronousCaptureInAnAsyncTestIsIsolated() async throws {
        try await Task.sleep(nanoseconds: 1_000)
        let failures = await issues {
            let graph = GraphCapture.capture { launchWithAMissingGateway() }
            #expect(graph.nodes.map(\.shortType) == ["ShopComponent", "CheckoutComponent"])
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("The code under capture ends the process on a defect in the graph:\nerror: missing dependency `gateway: Gateway`") == true, "\(failures)")
    }

    /// The same capture run several times in a test: the fresh process stops at the one that ended.
    @Test func aCaptureInALoopIsJudgedAtTheRunThatEnds() async {
        var graphs: [GraphSnapshot] = []
        let failures = await issues {
            for round in 1...3 {
                graphs.append(GraphCapture.capture { () -> Component in
                    let shop = ShopComponent(parent: nil)
                    if round == 2 { let _: Gateway = shop.gateway }
                    return shop
                })
            }
        }
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.contains("missing dependency `gateway: Gateway`") == true)
        #expect(graphs.map(\.nodes.count) == [1, 1, 1])
        #expect(graphs.map { $0.failures().count } == [0, 1, 0], "the second round's graph is the one recorded until the miss")
    }

    /// `record(into:)` isolates as `capture` does, and leaves the recorder watching.
    @Test func recordingIntoARecorderIsIsolated() async {
        let recorder = GraphRecorder()
        let failures = await issues {
            let value = GraphCapture.record(into: recorder) { launchWithAMissingGateway() }
            #expect(value == nil)
        }
        #expect(failures.first?.contains("missing dependency `gateway: Gateway`") == true, "\(failures)")
        let kept = GraphCapture.record(into: recorder) { ShopComponent(parent: nil) }
        #expect(kept != nil)
        #expect(recorder.snapshot().nodes.map(\.shortType) == ["ShopComponent"])
    }

    @Test func theFilterNamesExactlyOneTest() {
        #expect(FreshTestProcess.filter(for: "M.S/t()/F.swift:3:5") == #"^M\.S\/t\(\)\/F\.swift\:3\:5$"#)
        let role = IsolatedRole(folder: "/tmp/x", testID: "M.S/t()", target: .capture(site: "M/F.swift:3:5", occurrence: 2))
        #expect(IsolatedRole(encoded: role.encoded) == role)
        #expect(IsolatedRole(encoded: "/tmp/x\nM.S/t()\ncapture\nsite") == nil)
    }
}
