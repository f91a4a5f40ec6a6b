// swift-tools-version: 6.1
// A team's app as CI sees it: graphinspect named by URL and version, as a release is, with the
// team's rules (graphinspect.yml) and its known violations (graphinspect-rules-baseline.txt).
// .ci/run (scripts/ci-workflow) makes a repository of it and runs Examples/CI/graph-review.yml on
// it as GitHub would (docs/ci.md).
import PackageDescription

let package = Package(
    name: "Bank",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(url: "https://example.com/you/graphinspect.git", from: "0.1.0")],
    targets: [
        // What the screens hand out: plain Swift, tested on its own.
        .target(name: "Services"),
        .executableTarget(name: "BankApp", dependencies: ["Services", .product(name: "GraphInspect", package: "graphinspect")]),
        .testTarget(name: "ServicesTests", dependencies: ["Services"]),
    ]
)
