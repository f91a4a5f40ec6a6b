import Foundation
@testable import GraphInspectStatic
import Testing

/// The check cache's identity is the digest of the sources the reader is built from, written into
/// the sources themselves (`ReaderSources`, and the build tool's `BuildToolSources`), so it is the
/// same for every build of the same sources and no build step computes it. This holds each
/// constant equal to its sources: a change to any of them fails here until the constant is written
/// again, so no reader built from other sources can believe a cache another wrote.
@Suite struct ReaderSourcesTests {
    static let root = FidelityTests.root

    /// What each digest covers: folders of Swift sources (the constant's own file left out) and
    /// the version requirement Package.swift gives a dependency.
    struct Covered {
        var constantFile: String
        var folders: [String]
        var dependency: String
    }

    static let reader = Covered(
        constantFile: "Sources/GraphInspectStatic/ReaderSources.swift",
        folders: ["Sources/GraphInspectStatic", "Sources/GraphInspectCheckContract", "Sources/GraphInspect"], dependency: "swift-syntax"
    )
    static let buildTool = Covered(
        constantFile: "Sources/graphinspect-build-check/BuildToolSources.swift",
        folders: ["Sources/graphinspect-build-check", "Sources/GraphInspectRules", "Sources/GraphInspectRulesYAML"], dependency: "Yams"
    )

    /// Two 64-bit FNV-1a lanes over each file's path (from the package root) and bytes, each part
    /// length-prefixed, files in path order; then the dependency's requirement line.
    static func digest(_ covered: Covered) throws -> String {
        var paths: [String] = []
        for folder in covered.folders {
            let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let file = walker?.nextObject() as? String {
                let path = folder + "/" + file
                if file.hasSuffix(".swift"), path != covered.constantFile { paths.append(path) }
            }
        }
        var a: UInt64 = 0xCBF2_9CE4_8422_2325, b: UInt64 = 0x8422_2325_CBF2_9CE4
        func add(_ bytes: [UInt8]) {
            for byte in Array(String(bytes.count).utf8) + [0] + bytes {
                a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
            }
        }
        for path in paths.sorted() {
            add(Array(path.utf8))
            add([UInt8](try Data(contentsOf: root.appendingPathComponent(path))))
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let requirement = manifest.split(separator: "\n").filter { $0.contains("/\(covered.dependency)\"") && $0.contains(".package(") }
        #expect(requirement.count == 1, "Package.swift names \(covered.dependency) once")
        add(Array(requirement.joined().utf8))
        return [a, b].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// The digest written in `covered`'s constant file.
    static func written(_ covered: Covered) throws -> (text: String, digest: String) {
        let text = try String(contentsOf: root.appendingPathComponent(covered.constantFile), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("static let digest = \"") })
        return (text, String(line.split(separator: "\"")[1]))
    }

    @Test(arguments: ["reader", "build tool"])
    func theDigestIsTheSources(_ which: String) throws {
        let covered = which == "reader" ? Self.reader : Self.buildTool
        let actual = try Self.digest(covered)
        let (text, written) = try Self.written(covered)
        guard actual != written else { return }
        let record = ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] ?? ""
        if record == "failed" || record == "all" {
            let rewritten = text.replacingOccurrences(of: "static let digest = \"\(written)\"", with: "static let digest = \"\(actual)\"")
            try Data(rewritten.utf8).write(to: Self.root.appendingPathComponent(covered.constantFile))
            Issue.record("Rewrote the \(which)'s source digest in \(covered.constantFile) (\(written) -> \(actual)); build again.")
        } else {
            Issue.record("""
                The \(which)'s sources changed, but \(covered.constantFile) still holds the digest of the old ones \
                (\(written), now \(actual)): a cache written by the old reader would be read by the new. \
                Run GRAPHINSPECT_RECORD=failed swift test --filter ReaderSourcesTests to write it again.
                """)
        }
    }

    /// The reader's identity is its digest, and the same however often it is asked.
    @Test func theCacheIdentityIsTheDigest() {
        #expect(CheckCache.currentBuild == "graphinspect check cache, format \(CheckCache.formatVersion), reader sources \(ReaderSources.digest)")
    }
}
