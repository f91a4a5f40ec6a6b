import Dispatch
import Foundation
@_spi(Benchmarks) import GraphInspect

/// Lookups at several depths, against the article's Mirror-per-lookup walk and, for a cached lookup,
/// the floor no lookup can beat: reading the stored property through a reference the caller holds,
/// the result retained as a caller's is; with no observer, the in-memory recorder and the trace file.
enum LookupBenchmarks {
    final class Service: Sendable {}

    /// The root: the provider, among ten stored properties (Mirror's cost grows with their number).
    final class BenchRoot: Component, RootComponent {
        let a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8
        let service = Service()
    }

    /// Ten stored providers, as `BenchRoot`, and three computed ones listed the way `@Providers`
    /// lists them (the macro writes exactly this table; writing it here keeps swift-syntax, which
    /// takes minutes to build in release, out of the benchmark).
    final class ComputedRoot: Component, RootComponent {
        let a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8
        let service = Service()
        var computedService: Service { shared { Service() } }
        var c1: Int { 1 }
        var c2: String { "two" }
        private let _graphinspectProviders_ComputedRoot = ComputedProviders<ComputedRoot>([
            .init("computedService", (Service).self) { $0.computedService },
            .init("c1", (Int).self) { $0.c1 },
            .init("c2", (String).self) { $0.c2 },
        ])
    }

    /// A link of the chain, with a few providers of its own.
    final class Link: Component {
        let name = "link", count = 3, flag = true
    }

    /// `depth` links below a root; the last one is the requester.
    static func chain(depth: Int) -> (root: BenchRoot, leaf: Component) {
        let root = BenchRoot(parent: nil)
        var leaf: Component = root
        for _ in 0..<depth { leaf = Link(parent: leaf) }
        return (root, leaf)
    }

    /// The article's lookup: reflect each component with Mirror, every time.
    @inline(never)
    static func mirrorLookup<T>(_ name: String, from start: Component, as _: T.Type) -> T? {
        var current: Component? = start
        while let component = current {
            var mirror: Mirror? = Mirror(reflecting: component)
            while let reflecting = mirror {
                for child in reflecting.children where child.label == name {
                    if let value = child.value as? T { return value }
                }
                mirror = reflecting.superclassMirror
            }
            current = component.parent
        }
        return nil
    }

    /// One stored property read, returned: a retain of the shared object, as any lookup's result.
    @inline(never)
    static func storedService(of root: BenchRoot) -> Service {
        root.service
    }

    /// Nanoseconds per operation: `iterations` runs of `body` per sample, median of `samples`.
    static func perOperation(iterations: Int, samples: Int, _ body: () -> Void) -> Sample {
        Sample.measure(repeats: samples) { for _ in 0..<iterations { body() } }.perOperation(iterations)
    }

    static func run(quick: Bool, trace: String) throws -> [Row] {
        var rows: [Row] = []
        let samples = quick ? 3 : 7
        let iterations = quick ? 2_000 : 20_000
        for depth in quick ? [0, 5] : [0, 1, 5, 20, 100] {
            let (root, leaf) = chain(depth: depth)
            let mirror = perOperation(iterations: max(50, iterations / (depth + 1) / 4), samples: samples) {
                blackHole(mirrorLookup("service", from: leaf, as: Service.self))
            }
            let stored = perOperation(iterations: iterations, samples: samples) { blackHole(storedService(of: root)) }
            let uncached = perOperation(iterations: iterations, samples: samples) {
                blackHole(leaf.uncachedLookup("service", as: Service.self))
            }
            rows.append(Row("lookups", "uncached lookup, depth \(depth)", .nanoseconds, uncached,
                            baseline: ("Mirror per lookup", mirror), target: depth == 5 ? .fasterThanBaseline(20) : nil))
            _ = try? leaf.resolve("service", as: Service.self)
            let cached = perOperation(iterations: iterations, samples: samples) { blackHole(try? leaf.resolve("service", as: Service.self)) }
            rows.append(Row("lookups", "cached lookup, depth \(depth), no observer", .nanoseconds, cached,
                            baseline: ("stored property read", stored), target: .slowerThanBaselineAtMost(10)))
            withExtendedLifetime(root) {}
        }
        // What `@Providers` costs: creating a component (its provider index is built in `init`), and
        // reading a computed provider through its getter instead of a stored value.
        let stored = perOperation(iterations: iterations / 4, samples: samples) { blackHole(BenchRoot(parent: nil)) }
        let listed = perOperation(iterations: iterations / 4, samples: samples) { blackHole(ComputedRoot(parent: nil)) }
        rows.append(Row("lookups", "component creation, 10 stored + 3 computed providers (@Providers)", .nanoseconds, listed,
                        baseline: ("10 stored providers", stored), target: .slowerThanBaselineAtMost(1.5)))
        let computedRoot = ComputedRoot(parent: nil)
        let computedLeaf = Component(parent: computedRoot)
        let uncachedStored = perOperation(iterations: iterations, samples: samples) {
            blackHole(computedLeaf.uncachedLookup("service", as: Service.self))
        }
        let uncachedComputed = perOperation(iterations: iterations, samples: samples) {
            blackHole(computedLeaf.uncachedLookup("computedService", as: Service.self))
        }
        rows.append(Row("lookups", "uncached lookup of a computed provider (shared {}), depth 1", .nanoseconds, uncachedComputed,
                        baseline: ("a stored provider", uncachedStored), target: .slowerThanBaselineAtMost(3)))
        // The same cached lookup with each observer, against no observer, measured in turns so
        // that a change in the machine's load falls on all three alike.
        let depth = 5
        let plain = chain(depth: depth)
        _ = try? plain.leaf.resolve("service", as: Service.self)
        let recorder = GraphRecorder()
        let recorded = GraphObservation.withObserver(recorder) { chain(depth: depth) }
        let writer = try TraceFileWriter(path: trace)
        let traced = GraphObservation.withObserver(writer) { chain(depth: depth) }
        // `graphinspect live --listen`'s side: a viewer that reads and drops what it gets, and
        // an address where nobody listens.
        let viewer = try DiscardingViewer()
        guard let streaming = TraceFileWriter(liveAddress: "127.0.0.1:\(viewer.port)"),
              let unheard = TraceFileWriter(liveAddress: "127.0.0.1:\(DiscardingViewer.closedPort())") else { return rows }
        usleep(300_000)
        let streamed = GraphObservation.withObserver(streaming) { chain(depth: depth) }
        let unwatched = GraphObservation.withObserver(unheard) { chain(depth: depth) }
        let observed = Sample.interleaved(repeats: samples * 3, [
            { for _ in 0..<iterations { blackHole(try? plain.leaf.resolve("service", as: Service.self)) } },
            { for _ in 0..<iterations { blackHole(try? recorded.leaf.resolve("service", as: Service.self)) } },
            { for _ in 0..<iterations { blackHole(try? traced.leaf.resolve("service", as: Service.self)) } },
            { for _ in 0..<iterations { blackHole(try? streamed.leaf.resolve("service", as: Service.self)) } },
            { for _ in 0..<iterations { blackHole(try? unwatched.leaf.resolve("service", as: Service.self)) } },
        ]).map { $0.perOperation(iterations) }
        let (none, inMemory, toFile) = (observed[0], observed[1], observed[2])
        rows.append(Row("lookups", "cached lookup, depth 5, in-memory recorder", .nanoseconds, inMemory,
                        baseline: ("no observer", none), target: .slowerThanBaselineAtMost(2)))
        rows.append(Row("lookups", "cached lookup, depth 5, trace file", .nanoseconds, toFile,
                        baseline: ("no observer", none), target: .slowerThanBaselineAtMost(2)))
        rows.append(Row("lookups", "cached lookup, depth 5, live viewer attached (GRAPHINSPECT_LIVE)", .nanoseconds, observed[3],
                        baseline: ("no observer", none), target: .slowerThanBaselineAtMost(2)))
        rows.append(Row("lookups", "cached lookup, depth 5, GRAPHINSPECT_LIVE with no viewer listening", .nanoseconds, observed[4],
                        baseline: ("no observer", none), target: .slowerThanBaselineAtMost(2)))
        print("lookups: the live viewer read \(viewer.bytesRead / 1024) KB")
        withExtendedLifetime((plain, recorded, traced, writer, recorder, streamed, unwatched, streaming, unheard, viewer)) {}

        return rows
    }

    /// 8 threads of cached lookups from one requester (the most sharing there can be), against
    /// one thread doing the same total. Two more rows say what bounds it: returning one shared
    /// object to many threads costs a contended reference-count change per call however it is
    /// found (the same read of a stored property, no lookup), and a lookup of a value type, which
    /// has no reference count, shows what the lookup itself does.
    /// `count` rounds of sixteen xorshift steps: work of about a cached lookup's length that
    /// touches no memory another thread writes (xorshift, unlike a multiply-add, cannot be folded
    /// into fewer steps by the optimiser).
    @inline(never)
    static func arithmeticRounds(_ count: Int) -> UInt64 {
        var state = UInt64(count) | 1
        for _ in 0..<count * 16 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        return state
    }

    static func runThreads(quick: Bool) -> [Row] {
        let samples = quick ? 3 : 7
        let total = quick ? 80_000 : 800_000
        let shared = chain(depth: 5)
        _ = try? shared.leaf.resolve("service", as: Service.self)
        _ = try? shared.leaf.resolve("a8", as: Int.self)

        let name = grouped(Double(total), decimals: 0)
        // One thread and eight measured in turns, so a change in the machine's load falls on both.
        func pair(_ single: @escaping () -> Void, _ parallel: @escaping () -> Void) -> (single: Sample, parallel: Sample) {
            let samples = Sample.interleaved(repeats: samples, [single, parallel])
            return (samples[0], samples[1])
        }
        nonisolated(unsafe) let leaf = shared.leaf, root = shared.root
        // Each loop is written out (not passed as a closure): a closure's captured context would
        // add reference counting of its own to every call.
        let lookups = pair(
            { for _ in 0..<total { blackHole(try? leaf.resolve("service", as: Service.self)) } },
            {
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    for _ in 0..<(total / 8) { blackHole(try? leaf.resolve("service", as: Service.self)) }
                }
            }
        )
        // The floor keeps each result the way a caller does (a strong reference stored, the old
        // one released), into a slot of its own thread, so the optimiser cannot drop the read.
        let floor = pair(
            {
                let slot = UnsafeMutablePointer<Service?>.allocate(capacity: 1)
                slot.initialize(to: nil)
                for _ in 0..<total { slot.pointee = storedService(of: root) }
                slot.deinitialize(count: 1)
                slot.deallocate()
            },
            {
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    let slot = UnsafeMutablePointer<Service?>.allocate(capacity: 1)
                    slot.initialize(to: nil)
                    for _ in 0..<(total / 8) { slot.pointee = storedService(of: root) }
                    slot.deinitialize(count: 1)
                    slot.deallocate()
                }
            }
        )
        // The Int lookups and a probe of the parallelism the machine gives (arithmetic that
        // shares nothing; on 2 idle cores about 2x, with one kept busy anything from 1x to 2x as
        // the scheduler shares it) in the same rounds: perfect scaling is worked out round by
        // round from the probe taken beside the lookups, not from one taken later under another
        // load (with a core busy, that alone moved the row from 1.0x to 1.4x between runs).
        let rounds = Sample.interleavedTimes(repeats: quick ? samples : samples * 2 + 1, [
            { for _ in 0..<total { blackHole(try? leaf.resolve("a8", as: Int.self)) } },
            {
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    for _ in 0..<(total / 8) { blackHole(try? leaf.resolve("a8", as: Int.self)) }
                }
            },
            { blackHole(arithmeticRounds(total)) },
            { DispatchQueue.concurrentPerform(iterations: 8) { _ in blackHole(arithmeticRounds(total / 8)) } },
        ])
        let values = (single: Sample(of: rounds[0]), parallel: Sample(of: rounds[1]))
        let arithmetic = (single: Sample(of: rounds[2]), parallel: Sample(of: rounds[3]))
        // 1 thread's time divided by the parallelism available in the same round: what perfect
        // scaling would take then.
        let perfect = Sample(of: rounds[0].indices.map { rounds[0][$0] * rounds[3][$0] / rounds[2][$0] })
        withExtendedLifetime(shared) {}
        // Held to their floors: a shared object's lookups to the same reads of its stored property
        // on 8 threads (both bounded by one contended reference count), with the cached lookup's
        // own target against a stored read; the lookup's scaling, where no reference count is
        // shared, by the lookup of an Int against perfect scaling on the parallelism available
        // (1.33x of it: the 1.5x speedup asked for on two idle cores).
        return [
            Row("threads", "\(name) cached lookups of one shared object, 8 threads", .seconds, lookups.parallel,
                baseline: ("its stored property read, 8 threads", floor.parallel), target: .slowerThanBaselineAtMost(10)),
            Row("threads", "\(name) cached lookups of one shared object, 8 threads against 1", .seconds, lookups.parallel,
                baseline: ("1 thread", lookups.single)),
            Row("threads", "\(name) reads of that object's stored property, 8 threads (no lookup)", .seconds, floor.parallel,
                baseline: ("1 thread", floor.single)),
            Row("threads", "\(name) cached lookups of an Int, 8 threads", .seconds, values.parallel,
                baseline: ("1 thread", values.single)),
            Row("threads", "\(name) rounds of arithmetic, 8 threads (the parallelism available)", .seconds, arithmetic.parallel,
                baseline: ("1 thread", arithmetic.single)),
            Row("threads", "\(name) cached lookups of an Int, 8 threads, against perfect scaling", .seconds, values.parallel,
                baseline: ("1 thread / parallelism available", perfect), target: .slowerThanBaselineAtMost(1.33)),
        ]
    }
}

/// A viewer for the live stream's benchmark: accepts one connection on 127.0.0.1 and reads and
/// drops everything, as fast as it comes.
final class DiscardingViewer: @unchecked Sendable {
    let port: Int
    private let lock = NSLock()
    private var read = 0

    init() throws {
        let (fd, port) = Loopback.bound()
        guard fd >= 0, listen(fd, 1) == 0 else { throw BenchError("cannot listen on 127.0.0.1") }
        self.port = port
        Thread.detachNewThread { [self] in
            let connection = accept(fd, nil, nil)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = Glibc.read(connection, &chunk, chunk.count)
                if count <= 0 { break }
                lock.withLock { read += count }
            }
        }
    }

    var bytesRead: Int { lock.withLock { read } }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed).
    static func closedPort() -> Int {
        let (fd, port) = Loopback.bound()
        close(fd)
        return port
    }
}

/// TCP on 127.0.0.1, for the live benchmarks' viewer and app.
enum Loopback {
    static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }

    /// A socket bound to a free port, and the port; the socket is -1 when none could be bound.
    static func bound() -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(port: 0)
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        guard bound == 0 else { close(fd); return (-1, 0) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A socket connected to `port`, or -1.
    static func connected(to port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(port: port)
        let done = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard done == 0 else { close(fd); return -1 }
        return fd
    }
}
