import Foundation
import Testing
@testable import GraphInspectGraphviz

@Suite struct GraphvizRendererTests {
    @Test func rendersSVGInProcess() throws {
        let svg = String(decoding: try GraphvizRenderer.render(dot: "digraph { a -> b }"), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("<title>a</title>"))
        #expect(svg.contains("<title>a&#45;&gt;b</title>"))
    }

    @Test func syntaxErrorCarriesGraphvizsMessage() throws {
        #expect(throws: GraphvizError.syntax(message: "Error: syntax error in line 1 near '}'")) {
            try GraphvizRenderer.render(dot: "digraph { a -> }")
        }
    }

    @Test func textAfterAGraphDoesNotLeakIntoTheNextParse() throws {
        // Trailing garbage after the closing brace is ignored by Graphviz, and must stay ignored.
        _ = try GraphvizRenderer.render(dot: "digraph A { a }\n x y z {")
        let svg = String(decoding: try GraphvizRenderer.render(dot: "digraph B { b }"), as: UTF8.self)
        #expect(svg.contains("<title>b</title>"))
        #expect(throws: GraphvizError.syntax(message: "Error: syntax error in line 1 near '}'")) {
            try GraphvizRenderer.render(dot: "digraph { a -> }")
        }
    }

    @Test func everyLayoutEngineWorks() throws {
        for layout in GraphvizLayout.allCases {
            let svg = String(decoding: try GraphvizRenderer.render(dot: "digraph { a -> b; b -> c; c -> a }", layout: layout), as: UTF8.self)
            #expect(svg.contains("<title>c</title>"), "\(layout)")
        }
    }

    @Test func rendersPNGAndPDF() throws {
        let png = try GraphvizRenderer.render(dot: "digraph { a -> b }", format: .png)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try GraphvizRenderer.render(dot: "digraph { a -> b }", format: .pdf)
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }
}
