/// What Graphviz renders to.
public enum GraphvizFormat: String, Sendable, CaseIterable {
    case svg
    case png
    case pdf

    /// The name Graphviz's `gvRenderData` takes. PNG and PDF go through cairo, for antialiased
    /// text; SVG through the core renderer, which needs no fonts installed to produce text.
    var rendererName: String {
        switch self {
        case .svg: "svg"
        case .png: "png:cairo"
        case .pdf: "pdf:cairo"
        }
    }
}

/// Graphviz's layout engines.
public enum GraphvizLayout: String, Sendable, CaseIterable {
    /// Layered, for trees and hierarchies: the default.
    case dot
    /// Spring model.
    case neato
    /// Force-directed.
    case fdp
    /// Force-directed for large graphs.
    case sfdp
    /// Radial.
    case twopi
    /// Circular.
    case circo
}
