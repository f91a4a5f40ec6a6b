import Foundation
@_spi(Benchmarks) import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz

/// The key operations counted in instructions under valgrind's callgrind, which a busy machine does
/// not change: each operation runs in a child process (`--op NAME --count N`) under callgrind twice,
/// with no iterations and with N, and the difference divided by N is its cost; its floor is counted
/// the same way, so the ratio is as repeatable as the counts. Skipped with `--quick` and without
/// valgrind (apt-get install valgrind).
enum InstructionCounts {
    /// Each operation: a set-up, then `count` runs of the operation.
    static let operations: [String: @Sendable (Int) throws -> Void] = [
        "stored-read": { count in
            let (root, _) = LookupBenchmarks.chain(depth: 5)
            for _ in 0..<count { blackHole(LookupBenchmarks.storedService(of: root)) }
        },
        "cached-lookup": { count in
            let (root, leaf) = LookupBenchmarks.chain(depth: 5)
            _ = try? leaf.resolve("service", as: LookupBenchmarks.Service.self)
            for _ in 0..<count { blackHole(try? leaf.resolve("service", as: LookupBenchmarks.Service.self)) }
            withExtendedLifetime(root) {}
        },
        "uncached-lookup": { count in
            let (root, leaf) = LookupBenchmarks.chain(depth: 5)
            for _ in 0..<count { blackHole(leaf.uncachedLookup("service", as: LookupBenchmarks.Service.self)) }
            withExtendedLifetime(root) {}
        },
        "mirror-lookup": { count in
            let (root, leaf) = LookupBenchmarks.chain(depth: 5)
            for _ in 0..<count { blackHole(LookupBenchmarks.mirrorLookup("service", from: leaf, as: LookupBenchmarks.Service.self)) }
            withExtendedLifetime(root) {}
        },
        "recorded-hit": { count in
            let recorder = GraphRecorder()
            let (root, leaf) = GraphObservation.withObserver(recorder) { LookupBenchmarks.chain(depth: 5) }
            _ = try? leaf.resolve("service", as: LookupBenchmarks.Service.self)
            for _ in 0..<count { blackHole(try? leaf.resolve("service", as: LookupBenchmarks.Service.self)) }
            withExtendedLifetime((root, recorder)) {}
        },
        "trace-line": { count in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-\(ProcessInfo.processInfo.processIdentifier).ndjson").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let writer = try TraceFileWriter(path: path)
            let (root, leaf) = GraphObservation.withObserver(writer) { LookupBenchmarks.chain(depth: 5) }
            _ = try? leaf.resolve("service", as: LookupBenchmarks.Service.self)
            for _ in 0..<count { blackHole(try? leaf.resolve("service", as: LookupBenchmarks.Service.self)) }
            withExtendedLifetime(root) {}
            withExtendedLifetime(writer) {}
        },
        "render-1000": { count in
            let dot = try DOTWriter().write(PictureBenchmarks.tree(1_000), options: DiagramOptions(legend: false))
            for _ in 0..<count { blackHole(try GraphvizRenderer.render(dot: dot)) }
        },
        "plain-walk": { count in
            let plain = ModuleBenchmarks.plainTree()
            for _ in 0..<count { blackHole(ModuleBenchmarks.plainLookup("target", from: plain)) }
        },
        "weak-parent-walk": { count in
            let tree = ModuleBenchmarks.weakParentTree()
            for _ in 0..<count { blackHole(ModuleBenchmarks.weakParentLookup("target", from: tree.requester)) }
            withExtendedLifetime(tree.all) {}
        },
        "router-lookup": { count in
            let (root, requester) = ModuleBenchmarks.tree()
            for _ in 0..<count { blackHole(requester.router(for: "target", as: ModuleBenchmarks.FeatureRouter.self)) }
            withExtendedLifetime(root) {}
        },
        "module-lookup": { count in
            let (root, requester) = ModuleBenchmarks.tree()
            for _ in 0..<count { blackHole(requester.module(for: "target", as: ModuleBenchmarks.Feature.self)) }
            withExtendedLifetime(root) {}
        },
    ]

    /// The rows: operation, its floor, how many runs are counted, and the target.
    static let rows: [(name: String, operation: String, floor: String, floorName: String, count: Int, target: Row.Target)] = [
        ("cached lookup, depth 5, no observer", "cached-lookup", "stored-read", "stored property read", 20_000, .slowerThanBaselineAtMost(10)),
        ("uncached lookup, depth 5", "uncached-lookup", "mirror-lookup", "Mirror per lookup", 2_000, .fasterThanBaseline(20)),
        ("cached lookup, depth 5, in-memory recorder", "recorded-hit", "cached-lookup", "no observer", 20_000, .slowerThanBaselineAtMost(2)),
        ("cached lookup, depth 5, trace file (one line each)", "trace-line", "cached-lookup", "no observer", 20_000, .slowerThanBaselineAtMost(2)),
        ("module lookup, 3 holders up", "module-lookup", "plain-walk", "plain array walk", 20_000, .slowerThanBaselineAtMost(1.5)),
        ("module lookup, 3 holders up, against weak parents", "module-lookup", "weak-parent-walk", "plain walk, weak parents", 20_000, .slowerThanBaselineAtMost(1.5)),
        ("router lookup, 3 holders up", "router-lookup", "plain-walk", "plain array walk", 20_000, .slowerThanBaselineAtMost(1.5)),
    ]

    /// In the child: the operation `name`, `count` times.
    static func perform(_ name: String, count: Int) throws {
        guard let operation = operations[name] else {
            FileHandle.standardError.write(Data("graphinspect-bench: no operation named `\(name)`; operations: \(operations.keys.sorted().joined(separator: ", "))\n".utf8))
            exit(64)
        }
        try operation(count)
    }

    static func run(quick: Bool) throws -> [Row] {
        guard !quick else {
            print("note: instruction counts are skipped with --quick (valgrind runs the bench ten times)")
            return []
        }
        guard let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("note: no valgrind (apt-get install valgrind): instruction counts are skipped")
            return []
        }
        let binary = try countableCopy()
        defer { if binary != executable { try? FileManager.default.removeItem(atPath: binary) } }
        var perRun: [String: Double] = [:]
        func instructions(_ operation: String, count: Int) throws -> Double {
            let key = "\(operation)@\(count)"
            if let known = perRun[key] { return known }
            let counted = try collected(valgrind, binary, operation, count: count) - collected(valgrind, binary, operation, count: 0)
            perRun[key] = counted / Double(count)
            return counted / Double(count)
        }
        return try rows.map { row in
            let measured = try instructions(row.operation, count: row.count)
            let floor = try instructions(row.floor, count: row.count)
            return Row("instructions", row.name, .instructions, Sample(measured), baseline: (row.floorName, Sample(floor)), target: row.target)
        }
    }

    private static var executable: String { Bundle.main.executablePath ?? CommandLine.arguments[0] }

    /// This benchmark without its debug information (`objcopy --strip-debug`), which is what
    /// callgrind runs: Debian 12's valgrind 3.19 gives up on the DWARF 5 that clang writes for the
    /// package's C targets ("unhandled dwarf2 abbrev form code 0x25"). Counting needs only the code.
    /// Without objcopy, this binary itself.
    private static func countableCopy() throws -> String {
        guard let objcopy = ["/usr/bin/objcopy", "/usr/local/bin/objcopy"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return executable
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("graphinspect-bench-counted-\(ProcessInfo.processInfo.processIdentifier)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", executable, copy]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? copy : executable
    }

    /// Instructions callgrind counted in the whole child run.
    private static func collected(_ valgrind: String, _ binary: String, _ operation: String, count: Int) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "--op", operation, "--count", String(count)]
        // Seeded hashing, so a run's dictionaries, and its count, are the same every time.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_DETERMINISTIC_HASHING": "1"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
              let number = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
        else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "callgrind counted nothing for \(operation): \(output.suffix(500))"])
        }
        return number
    }
}
