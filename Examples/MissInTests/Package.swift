// swift-tools-version: 6.1
// A user's app with one missing dependency (`component.paymentGateway`, which nothing provides)
// and a suite of tests written from docs/testing.md. `swift test` fails the two tests that launch
// the app (one in Swift Testing, one in XCTest) with the runtime's report, passes the others, and
// does not crash: the capture runs the launch in a copy of the test process first. .ci/run runs it.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`graphinspect` in a checkout of that name).
let graphinspect = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "MissInTests",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "Store", dependencies: [.product(name: "GraphInspect", package: graphinspect)]),
        .testTarget(name: "StoreTests", dependencies: ["Store", .product(name: "GraphInspectTesting", package: graphinspect)]),
    ]
)
