// graphinspect-build-check is built only with the package's extras (not under
// GRAPHINSPECT_WITHOUT_MACROS=1, the sanitizer runs' setting): these tests with them.
#if canImport(GraphInspectStyleTicTacToe)
import Foundation
import Testing
import GraphInspectTestSupport

/// scripts/artifact-bundle: graphinspect-build-check as a SwiftPM binary artifact bundle
/// (SE-0305), which a package's build plugin runs instead of building the tool from source
/// (docs/check.md). Its layout and info.json as SwiftPM reads them, the tool in it runnable, and
/// the names Examples/BuildCheckBinary and the plugin's code rely on.
@Suite(.ownThread) struct ArtifactBundleTests {
    static let name = "graphinspect-build-check"

    /// The triple SwiftPM matches a variant against on this machine, when the test knows it.
    static var hostTriple: String? {
        #if os(Linux) && arch(x86_64)
        return "x86_64-unknown-linux-gnu"
        #elseif os(Linux) && arch(arm64)
        return "aarch64-unknown-linux-gnu"
        #elseif os(macOS) && arch(arm64)
        return "arm64-apple-macosx"
        #else
        return nil
        #endif
    }

    @Test func theBundleHoldsTheToolForThisMachineAsInfoJSONSays() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let tool = Executable.buildFolder.appendingPathComponent(Self.name).path
        let run = try Executable.run("/bin/bash", ["scripts/artifact-bundle", "--tool", tool, "--output", output.path, "--version", "1.2.3", "--zip"], directory: Golden.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")

        let bundle = output.appendingPathComponent("\(Self.name).artifactbundle")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: Any])
        #expect(Array(artifacts.keys) == [Self.name], "the plugin asks for the tool by this name")
        let artifact = try #require(artifacts[Self.name] as? [String: Any])
        #expect(artifact["type"] as? String == "executable")
        #expect(artifact["version"] as? String == "1.2.3")
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(variants.count == 1)
        let variant = try #require(variants.first)
        let triples = try #require(variant["supportedTriples"] as? [String])
        if let hostTriple = Self.hostTriple { #expect(triples == [hostTriple]) }
        let path = try #require(variant["path"] as? String)
        #expect(path == "\(Self.name)-1.2.3-\(triples[0])/bin/\(Self.name)")

        // The file info.json names is the tool: given nothing, it says how to call it.
        let binary = bundle.appendingPathComponent(path).path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let usage = try Executable.run(binary, [])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("usage: graphinspect-build-check "))

        // The archive a team hosts for `.binaryTarget(url:checksum:)`: the bundle at its top, and
        // its SHA-256 on standard output, as `swift package compute-checksum` prints it.
        let archive = output.appendingPathComponent("\(Self.name).artifactbundle.zip")
        let listing = try Executable.run("/usr/bin/env", ["unzip", "-Z1", archive.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(Set(listing.stdout.split(separator: "\n").map(String.init)).isSuperset(of: ["\(Self.name).artifactbundle/info.json", "\(Self.name).artifactbundle/\(path)"]))
        #expect(run.stdout.range(of: "^[0-9a-f]{64}\n$", options: .regularExpression) != nil, "\(run.stdout)")
    }

    /// The example package and the plugin agree with the bundle: a binary target at the bundle's
    /// path, and the tool asked for by the artifact's name.
    @Test func theExamplePackageAndThePluginUseTheBundlesNames() throws {
        let manifest = try String(contentsOf: Golden.packageRoot.appendingPathComponent("Examples/BuildCheckBinary/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".binaryTarget(name: \"GraphInspectCheckTool\", path: \"\(Self.name).artifactbundle\")"))
        let plugin = try String(contentsOf: Golden.packageRoot.appendingPathComponent("Examples/BuildCheckBinary/Plugins/GraphInspectBuildCheckPrebuilt/GraphInspectBuildCheck.swift"), encoding: .utf8)
        #expect(plugin == (try String(contentsOf: Golden.packageRoot.appendingPathComponent("Plugins/GraphInspectBuildCheck/GraphInspectBuildCheck.swift"), encoding: .utf8)))
        #expect(plugin.contains("context.tool(named: \"\(Self.name)\")"))
    }
}
#endif
