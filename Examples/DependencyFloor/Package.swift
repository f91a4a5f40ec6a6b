// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// graphinspect's dependencies alone, built in the variants graphinspect builds them: a library
// using every product graphinspect links, a macro (swift-syntax for the host), and a build-tool
// plugin whose tool links the library (SwiftPM builds a tool's dependencies again, for the host).
// One line of code each: what a fresh `swift build --build-tests` of graphinspect cannot go under.
// `.ci/run` builds it after the README's test command and prints both (docs/performance.md).
let package = Package(
    name: "DependencyFloor",
    products: [.plugin(name: "Tool", targets: ["Tool"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", "6.2.2"..<"7.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"603.0.0"),
        .package(url: "https://github.com/apple/swift-nio", "2.101.2"..<"2.102.0"),
    ],
    targets: [
        .target(name: "Uses", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Yams", package: "Yams"),
            .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .macro(name: "Macro", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftDiagnostics", package: "swift-syntax"), .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ]),
        .target(name: "MacroLibrary", dependencies: ["Macro"]),
        .executableTarget(name: "tool", dependencies: ["Uses"]),
        .plugin(name: "Tool", capability: .buildTool(), dependencies: ["tool"]),
        .testTarget(name: "UsesTests", dependencies: ["Uses", "MacroLibrary"]),
    ]
)
