import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTesting

private let fixtureSwitch = "GRAPHINSPECT_ISOLATION_FIXTURE"
private let fixturesOn = ProcessInfo.processInfo.environment[fixtureSwitch] != nil
private func fixture(_ name: String) -> Bool { ProcessInfo.processInfo.environment[fixtureSwitch] == name }

/// Tests that launch an app outside any capture, as docs/testing.md and docs/leaks.md show them.
/// They run only in the test binary `IsolatedTestFixtureTests` starts again; two of them end
/// the process on a missing dependency, and must fail alone.
@Suite struct IsolationFixtures {
    @Test(.noLeaks, .enabled(if: fixture("run")))
    func leakTraitTestLaunchingAnAppWithAMissingDependency() {
        let shop = ShopComponent(parent: nil)
        let checkout = CheckoutComponent(parent: shop)
        let _: Gateway = checkout.gateway
    }

    @Test(.noLeaks, .enabled(if: fixture("run")))
    func leakTraitTestThatPasses() {
        let shop = ShopComponent(parent: nil)
        let _: Analytics = CheckoutComponent(parent: shop).analytics
    }

    @Test(.enabled(if: fixture("run")))
    func asyncTestWithASynchronousCapture() async throws {
        try await Task.sleep(nanoseconds: 1_000)
        let graph = GraphCapture.capture { () -> Component in
            let shop = ShopComponent(parent: nil)
            let _: Gateway = shop.gateway
            return shop
        }
        expectNoMissingDependencies(graph)
    }

    @Test(.enabled(if: fixture("run")))
    func asyncTestWithAnAsyncCapture() async {
        let graph = await GraphCapture.capture { () async -> Component in
            await Task.yield()
            let shop = ShopComponent(parent: nil)
            let _: Gateway = shop.gateway
            return shop
        }
        expectNoMissingDependencies(graph)
    }

    @Suite(.childProcessFirst) struct LaunchingSuite {
        @Test(.enabled(if: fixture("run")))
        func launchesOutsideAnyCapture() async {
            let shop = ShopComponent(parent: nil)
            if shop.parent == nil { fatalError("the app gave up: no network") }
        }

        @Test(.enabled(if: fixture("run")))
        func passesToo() async {
            #expect(ShopComponent(parent: nil).parent == nil)
        }
    }

    /// Hangs in a copy of the process (or a fresh process): the test below kills this test's
    /// process, and no copy may live on.
    @Test(.enabled(if: fixture("hang-copy") || fixture("hang-fresh")))
    func hangsInItsOtherProcess() {
        let hang: () -> Void = { while true { sleep(1) } }
        if fixture("hang-copy") {
            CaptureProbe.$onlyCopies.withValue(true) { _ = GraphCapture.capture(hang) }
        } else {
            _ = GraphCapture.capture(hang)
        }
    }
}

/// A test that ends the process outside any capture fails alone in the test library's scopes;
/// no other process the library makes outlives the run.
@Suite struct IsolatedTestFixtureTests {
    /// Runs this test binary again on the fixtures, `mode` switched on.
    static func start(_ mode: String, output: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "IsolationFixtures"]
        process.environment = ProcessInfo.processInfo.environment.merging([fixtureSwitch: mode]) { $1 }
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    @Test(.enabled(if: !fixturesOn))
    func testsThatEndTheProcessFailAloneAndTheRestPass() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = try Self.start("run", output: output)
        process.waitUntilExit()
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "the run ends as a failed run, not a crash: \(text)")
        #expect(text.contains("Test run with 7 tests in 2 suites failed after"), "the six, and the hanging fixture skipped: \(text)")
        for failing in ["leakTraitTestLaunchingAnAppWithAMissingDependency()", "asyncTestWithASynchronousCapture()", "asyncTestWithAnAsyncCapture()", "launchesOutsideAnyCapture()"] {
            #expect(text.contains("Test \(failing) failed"), "\(failing): \(text)")
        }
        for passing in ["leakTraitTestThatPasses()", "passesToo()"] {
            #expect(text.contains("Test \(passing) passed"), "\(passing): \(text)")
        }
        #expect(text.contains("The test ends the process on a defect in the graph:"))
        #expect(text.components(separatedBy: "The code under capture ends the process on a defect in the graph:").count - 1 == 2, "both captures: \(text)")
        #expect(text.contains("The test crashed with SIGILL") || text.contains("The test crashed with SIGTRAP"), "\(text)")
        #expect(text.contains("the app gave up: no network"))
        #expect(text.components(separatedBy: "error: missing dependency `gateway: Gateway`").count - 1 >= 3)
    }

    #if os(Linux)
    /// Whatever ends the test run (here SIGKILL, which nothing can catch), the process that runs
    /// a capture's code first dies with it.
    @Test(.enabled(if: !fixturesOn), arguments: ["hang-copy", "hang-fresh"])
    func noOtherProcessOutlivesTheRun(_ mode: String) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = try Self.start(mode, output: output)
        let parent = process.processIdentifier
        var children: [Int32] = []
        for _ in 0..<600 where children.isEmpty {
            Thread.sleep(forTimeInterval: 0.05)
            children = Self.children(of: parent)
        }
        try #require(!children.isEmpty, "the fixture made no other process: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
        kill(parent, SIGKILL)
        process.waitUntilExit()
        var alive = children
        for _ in 0..<100 where !alive.isEmpty {
            Thread.sleep(forTimeInterval: 0.05)
            alive = alive.filter(Self.isAlive)
        }
        #expect(alive.isEmpty, "\(mode): still alive after the run was killed: \(alive)")
        alive.forEach { kill($0, SIGKILL) }
    }

    /// The processes whose parent is `pid` (`/proc`).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// Alive and not a zombie waiting to be reaped.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
    #endif
}
