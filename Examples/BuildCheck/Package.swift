// swift-tools-version: 6.1
// A user's app with `graphinspect check` in every build (the GraphInspectBuildCheck plugin), and a
// planted missing dependency: `swift build` fails at its line. .ci/run builds it, then builds it
// again with the dependency provided. docs/check.md.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`graphinspect` in a checkout of that name).
let graphinspect = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "BuildCheck",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        // Services the app's components provide, in a target of their own: the plugin reads the
        // targets the app depends on too.
        .target(name: "Services", dependencies: [.product(name: "GraphInspect", package: graphinspect)]),
        .executableTarget(
            name: "App",
            dependencies: ["Services", .product(name: "GraphInspect", package: graphinspect)],
            plugins: [.plugin(name: "GraphInspectBuildCheck", package: graphinspect)]
        ),
        // So `swift build` and `swift test` alternate as in a developer's loop (.ci/run).
        .testTarget(name: "ServicesTests", dependencies: ["Services"]),
    ]
)
