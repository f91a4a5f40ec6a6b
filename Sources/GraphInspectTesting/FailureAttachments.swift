import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectReview
import Testing
#if GraphvizAttachments
import GraphInspectGraphviz
#endif
#if canImport(XCTest) && canImport(Darwin)
import XCTest
#endif

/// What a failing graph expectation attaches to its test, so a person can see the failure and
/// not only read it: the expected text, the actual text and their diff; and, when the projection
/// keeps the whole graph (`GraphProjection.baseline`), the expected and the actual graph drawn,
/// what was removed marked on the first and what was added on the second, and both in one picture
/// as `graphinspect diff --format svg` draws them. The pictures are SVG
/// when the package's `GraphvizAttachments` trait links Graphviz, DOT otherwise.
///
/// Swift Testing keeps attachments with the test (`swift test --attachments-path DIR` writes
/// them into DIR); XCTest gets `XCTAttachment`s where it has them (Apple's platforms).
enum FailureAttachments {
    struct File: Equatable {
        var name: String
        var contents: String
    }

    /// The files for a failed comparison of `expected` with `actual`, named after `stem`.
    static func files(stem: String, textExtension: String, expected: String, actual: String, diff: String, projection: GraphProjection, snapshot: GraphSnapshot) -> [File] {
        var files = [
            File(name: "\(stem).expected.\(textExtension)", contents: expected),
            File(name: "\(stem).actual.\(textExtension)", contents: actual),
            File(name: "\(stem).diff", contents: diff),
        ]
        guard let read = projection.graph, let old = try? read(expected) else { return files }
        // Both trees, live nodes only: what a golden of the shape compares.
        let both = GraphDiff.diagram(old: old, new: snapshot, view: .all, showingReleased: false).foldingLookups(above: DOTWriter.lookupEdgesUpTo)
        for (side, hidden) in [("expected", Diagram.Change.added), ("actual", .removed)] {
            let dot = DOTWriter().write(both.without(hidden))
            files.append(picture(dot, named: "\(stem).\(side)"))
        }
        // Both in one, as `graphinspect diff OLD NEW --format svg` draws them.
        files.append(picture(DOTWriter().write(both), named: "\(stem).changes"))
        return files
    }

    private static func picture(_ dot: String, named name: String) -> File {
        #if GraphvizAttachments
        if let svg = try? GraphvizRenderer.render(dot: dot, format: .svg) {
            return File(name: name + ".svg", contents: String(decoding: svg, as: UTF8.self))
        }
        #endif
        return File(name: name + ".dot", contents: dot)
    }

    /// Attaches `files` to the running test.
    static func record(_ files: [File], at site: CallSite) {
        let location = Testing.SourceLocation(fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
        if Test.current != nil {
            for file in files { Attachment.record(file.contents, named: file.name, sourceLocation: location) }
            return
        }
        #if canImport(XCTest) && canImport(Darwin)
        XCTContext.runActivity(named: "graphinspect: the failed comparison") { activity in
            for file in files {
                let attachment = XCTAttachment(string: file.contents)
                attachment.name = file.name
                attachment.lifetime = .keepAlways
                activity.add(attachment)
            }
        }
        #endif
    }
}
