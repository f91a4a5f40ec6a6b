// swift-tools-version:5.9
// A stand-in for uber/needle's NeedleFoundation, just enough for a needle app and the
// NeedleGenerated.swift written for it to compile and run: NeedleReadingTests copies this
// package, writes an app into Sources/App, builds and runs it.
import PackageDescription

let package = Package(
    name: "NeedleStandIn",
    targets: [
        .target(name: "NeedleFoundation"),
        .executableTarget(name: "App", dependencies: ["NeedleFoundation"]),
    ],
    swiftLanguageVersions: [.v5]
)
