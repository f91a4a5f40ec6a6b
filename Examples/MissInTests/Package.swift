// swift-tools-version: 6.1
// A user's app with one missing dependency (`component.paymentGateway`, which nothing provides)
// and a suite of tests written from docs/testing.md. `swift test` fails the tests that launch the
// app in a scope of the test library (captures sync and async, `record(into:)`, `.noLeaks`; in
// Swift Testing and XCTest) with the runtime's report, passes the others, and does not crash: each
// scope runs the launch in another process first. .ci/run runs it, and once more with
// STORE_MISS_IN_OBSERVER set, where a launch under `GraphObservation.withObserver` ends the run
// naming its test.
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
        .testTarget(name: "StoreTests", dependencies: [
            "Store", .product(name: "GraphInspect", package: graphinspect), .product(name: "GraphInspectTesting", package: graphinspect),
        ]),
    ]
)
