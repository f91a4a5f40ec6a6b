// swift-tools-version: 6.1
// A user's own package: an app in the article's shapes and its tests, depending on graphinspect by
// path as a user's checkout would. .ci/run builds and tests it, so the README's test snippet and
// docs/testing.md's examples cannot rot.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`graphinspect` in a checkout of that name,
// whatever the clone is called in CI).
let graphinspect = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "Shop",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // GraphvizAttachments: a failing graph golden also attaches SVGs of both graphs (docs/testing.md).
    dependencies: [.package(path: "../..", traits: ["GraphvizAttachments"])],
    targets: [
        .target(name: "Shop", dependencies: [.product(name: "GraphInspect", package: graphinspect)]),
        .testTarget(
            name: "ShopTests",
            dependencies: ["Shop", .product(name: "GraphInspectTesting", package: graphinspect)],
            exclude: ["Goldens"]
        ),
    ]
)
