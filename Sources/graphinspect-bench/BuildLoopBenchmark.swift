import Foundation
import GraphInspect

/// A developer's loop in a package that uses the build plugin: an edit, `swift build`, `swift
/// test`. Examples/BuildCheck (its planted missing dependency provided) is copied three times: with
/// GraphInspectBuildCheck, with no plugin, and with Examples/BuildLoopFloor's ReadSwiftOnly, a
/// plugin whose tool links swift-syntax, parses the files and writes one file. Each is built and
/// tested once untimed, then the turns run in rounds, one of each per round.
///
/// Whenever the loop switches between building and testing, SwiftPM builds a plugin's tool again
/// (swiftlang/swift-package-manager#8031), so the loop with any plugin that reads Swift pays for
/// compiling swift-syntax's C files and linking a tool at every turn: that floor is measured here
/// rather than assumed.
///
/// Not in a run without `--only build-loop`: its first builds take minutes.
enum BuildLoopBenchmark {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let loop = folder.appendingPathComponent("build-loop")
        let copies = try ["without", "with", "floor"].map { try copy(of: package, into: loop.appendingPathComponent($0), plugin: $0) }
        for copy in copies {
            try swift(["build"], in: copy)
            try swift(["test"], in: copy)
        }
        let repeats = quick ? 1 : 5
        var edits = 0
        func turn(_ copy: URL, test: Bool) -> (body: () throws -> Void, after: () -> Void) {
            (body: {
                edits += 1
                let main = copy.appendingPathComponent("Sources/App/main.swift")
                let handle = try FileHandle(forWritingTo: main)
                handle.seekToEndOfFile()
                handle.write(Data("print(\(edits))\n".utf8))
                try handle.close()
                try swift(["build"], in: copy)
                if test { try swift(["test"], in: copy) }
            }, after: {})
        }
        let tested = try Sample.interleavedTimes(repeats: repeats, copies.map { turn($0, test: true) }).map(Sample.init(of:))
        // The floor plugin is not timed building alone: there SwiftPM builds its tool again at
        // every `swift build` (ours only when testability switches), so it is no floor of that loop.
        let built = try Sample.interleavedTimes(repeats: repeats, copies.prefix(2).map { turn($0, test: false) }).map(Sample.init(of:))
        let (without, with, floor) = (tested[0], tested[1], tested[2])
        let target: (Double) -> Row.Target? = { quick ? nil : .slowerThanBaselineAtMost($0) }
        return [
            Row("build-loop", "an edit, swift build, swift test: Examples/BuildCheck with the build plugin", .seconds, with,
                baseline: ("with no plugin", without), target: target(1.2)),
            Row("build-loop", "the floor: the same with a plugin whose tool links swift-syntax and only parses the files", .seconds, floor,
                baseline: ("with no plugin", without)),
            Row("build-loop", "with the build plugin, against that floor", .seconds, with, baseline: ("the floor", floor), target: target(1.2)),
            Row("build-loop", "an edit, swift build: with the build plugin", .seconds, built[1], baseline: ("with no plugin", built[0]), target: target(1.2)),
        ]
    }

    /// Examples/BuildCheck's sources and tests in `folder`, the missing dependency provided, with a
    /// manifest using `plugin` ("with": GraphInspectBuildCheck, "floor": ReadSwiftOnly, or none).
    static func copy(of package: URL, into folder: URL, plugin: String) throws -> URL {
        let files = FileManager.default
        let example = package.appendingPathComponent("Examples/BuildCheck")
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        for part in ["Sources", "Tests"] {
            try files.copyItem(at: example.appendingPathComponent(part), to: folder.appendingPathComponent(part))
        }
        let component = folder.appendingPathComponent("Sources/App/AppComponent.swift")
        let text = try String(contentsOf: component, encoding: .utf8)
        let provided = text.replacingOccurrences(of: "    let analytics = Analytics()\n", with: "    let analytics = Analytics()\n    let gateway = PaymentGateway()\n")
        guard provided != text else { throw Failure(description: "build-loop: Examples/BuildCheck's AppComponent no longer declares `let analytics = Analytics()`") }
        try provided.write(to: component, atomically: true, encoding: .utf8)
        // A path dependency's identity is its folder's name.
        let identity = package.lastPathComponent
        var dependencies = [".package(path: \(Quoted.string(package.path)))"]
        var plugins = ""
        switch plugin {
        case "with":
            plugins = ", plugins: [.plugin(name: \"GraphInspectBuildCheck\", package: \(Quoted.string(identity)))]"
        case "floor":
            dependencies.append(".package(path: \(Quoted.string(package.appendingPathComponent("Examples/BuildLoopFloor").path)))")
            plugins = ", plugins: [.plugin(name: \"ReadSwiftOnly\", package: \"BuildLoopFloor\")]"
        default:
            break
        }
        let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "BuildLoop",
            platforms: [.macOS(.v13), .iOS(.v16)],
            dependencies: [\(dependencies.joined(separator: ", "))],
            targets: [
                .target(name: "Services", dependencies: [.product(name: "GraphInspect", package: \(Quoted.string(identity)))]),
                .executableTarget(name: "App", dependencies: ["Services", .product(name: "GraphInspect", package: \(Quoted.string(identity)))]\(plugins)),
                .testTarget(name: "ServicesTests", dependencies: ["Services"]),
            ]
        )

        """
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    /// `swift ARGUMENTS` in `folder`, its output kept in a log beside it; a failure says the log's end.
    static func swift(_ arguments: [String], in folder: URL) throws {
        let log = folder.appendingPathExtension("log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw Failure(description: "build-loop: cannot write \(log.path)") }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure(description: "build-loop: `swift \(arguments.joined(separator: " "))` in \(folder.path) exited \(process.terminationStatus):\n"
                + text.split(separator: "\n").suffix(20).joined(separator: "\n"))
        }
    }
}
