import Foundation
import Testing
@testable import GraphInspectStatic

/// `check DIR` where DIR, or something in it, is a symbolic link: the folders named are
/// followed, links met inside are followed once each, and no link loop is walked twice.
@Suite struct SourceLinkTests {
    /// A scratch folder with `App/Sources/Feature/Feature.swift`, removed afterwards.
    static func withTree(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("source-links-\(UUID().uuidString)")
        let feature = root.appendingPathComponent("App/Sources/Feature")
        try FileManager.default.createDirectory(at: feature, withIntermediateDirectories: true)
        try "final class FeatureComponent {}\n".write(to: feature.appendingPathComponent("Feature.swift"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }
        try body(root)
    }

    static func link(_ path: URL, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: target)
    }

    @Test func aLinkedFolderNamedOnTheCommandLineIsRead() throws {
        try Self.withTree { root in
            let linked = root.appendingPathComponent("linked")
            try Self.link(linked, to: root.appendingPathComponent("App/Sources").path)
            let files = try StaticReader.files(in: [linked.path])
            #expect(files.map(\.path) == [linked.path + "/Feature/Feature.swift"])
            #expect(files.map(\.module) == ["Feature"])
            #expect(files.first?.text == "final class FeatureComponent {}\n")
        }
    }

    @Test func aLinkedFolderInsideIsReadOnceAndALinkLoopEnds() throws {
        try Self.withTree { root in
            let sources = root.appendingPathComponent("App/Sources")
            let shared = root.appendingPathComponent("Shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            try "final class SharedComponent {}\n".write(to: shared.appendingPathComponent("Shared.swift"), atomically: true, encoding: .utf8)
            // Two links to one folder, a link back up to the folder being walked (a loop), a
            // relative link to a file already read, and a dangling link.
            try Self.link(sources.appendingPathComponent("SharedA"), to: shared.path)
            try Self.link(sources.appendingPathComponent("SharedB"), to: "../../Shared")
            try Self.link(sources.appendingPathComponent("Feature/Loop"), to: "..")
            try Self.link(sources.appendingPathComponent("Feature/Again.swift"), to: "Feature.swift")
            try Self.link(sources.appendingPathComponent("Gone"), to: root.appendingPathComponent("nothing").path)
            let files = try StaticReader.files(in: [sources.path])
            #expect(files.map { String($0.path.dropFirst(sources.path.count)) } == ["/Feature/Feature.swift", "/SharedA/Shared.swift"])
            #expect(Set(files.map(\.text)) == ["final class FeatureComponent {}\n", "final class SharedComponent {}\n"])
        }
    }

    @Test func aDanglingLinkNamedOnTheCommandLineIsReportedAsMissing() throws {
        try Self.withTree { root in
            let dangling = root.appendingPathComponent("dangling")
            try Self.link(dangling, to: root.appendingPathComponent("nothing").path)
            #expect(throws: StaticReader.ReadError.noSuchPath(dangling.path)) { try StaticReader.files(in: [dangling.path]) }
        }
    }

    @Test func aFolderGivenTwiceIsReadOnce() throws {
        try Self.withTree { root in
            let sources = root.appendingPathComponent("App/Sources").path
            let files = try StaticReader.files(in: [sources, sources + "/Feature"])
            #expect(files.count == 1)
        }
    }
}
