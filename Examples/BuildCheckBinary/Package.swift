// swift-tools-version: 6.1
// Examples/BuildCheck with a prebuilt check: the GraphInspectBuildCheck plugin's code (a link to
// Plugins/GraphInspectBuildCheck) runs graphinspect-build-check from a binary artifact bundle, so a
// cold build builds no swift-syntax or Yams for it. The same app and planted missing dependency
// (its sources are links to BuildCheck's). `bash scripts/artifact-bundle --output
// Examples/BuildCheckBinary` writes the bundle first; .ci/run builds it. docs/check.md.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`graphinspect` in a checkout of that name).
let graphinspect = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "BuildCheckBinary",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // For the GraphInspect library only: nothing here builds graphinspect's tools.
    dependencies: [.package(path: "../..")],
    targets: [
        // Target names are unique across a package graph, so neither may be called as graphinspect's
        // own are; the plugin asks for the tool by the artifact's name in info.json,
        // `graphinspect-build-check`, as it does in graphinspect's package. A team that hosts the
        // bundle writes `.binaryTarget(name:url:checksum:)` instead.
        .binaryTarget(name: "GraphInspectCheckTool", path: "graphinspect-build-check.artifactbundle"),
        .plugin(name: "GraphInspectBuildCheckPrebuilt", capability: .buildTool(), dependencies: ["GraphInspectCheckTool"]),
        .target(name: "Services", dependencies: [.product(name: "GraphInspect", package: graphinspect)]),
        .executableTarget(
            name: "App",
            dependencies: ["Services", .product(name: "GraphInspect", package: graphinspect)],
            plugins: ["GraphInspectBuildCheckPrebuilt"]
        ),
    ]
)
