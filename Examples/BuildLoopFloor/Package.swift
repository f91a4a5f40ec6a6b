// swift-tools-version: 6.1
// The floor of a build-tool plugin that reads Swift: its tool links swift-syntax, parses the
// target's files and writes one file, nothing else. `graphinspect-bench --only build-loop` times
// the edit-build-test loop of Examples/BuildCheck with this plugin in place of
// GraphInspectBuildCheck: what SwiftPM charges any such plugin (docs/check.md).
import PackageDescription

let package = Package(
    name: "BuildLoopFloor",
    products: [.plugin(name: "ReadSwiftOnly", targets: ["ReadSwiftOnly"])],
    dependencies: [.package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"603.0.0")],
    targets: [
        .plugin(name: "ReadSwiftOnly", capability: .buildTool(), dependencies: ["read-swift-only"]),
        .executableTarget(name: "read-swift-only", dependencies: [.product(name: "SwiftParser", package: "swift-syntax")]),
    ]
)
