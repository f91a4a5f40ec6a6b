import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectPages
import GraphInspectText

extension Replay.Kind: ExpressibleByArgument {}

extension GraphInspectCommand {
    /// `graphinspect replay`: redraw the article's diagrams from a recorded run, step by step.
    public struct ReplayCommand: ParsableCommand, WritingCommand {
        public static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Redraw the article's Basic Flow or Dependency Flow diagram from a run, step by step.",
            discussion: """
                basic-flow: each holder runs its builders, which make component, module, view \
                component and router; numbered in event order. dependency-flow: each lookup climbs \
                the component graph from requester to provider; cache hits go straight there; \
                misses end in red. --format html writes one self-contained page that plays it.

                Examples:
                  graphinspect replay --diagram basic-flow
                  graphinspect replay --diagram dependency-flow --format html -o flow.html
                  graphinspect replay --diagram basic-flow --frames frames -- .build/debug/MyApp
                """
        )

        /// What `replay` writes.
        public enum Format: String, WritableFormat {
            case text, dot, svg, png, pdf, html

            var isBinary: Bool { self == .png || self == .pdf }
        }

        public static let defaultFormat = Format.text

        @Option(help: "Which diagram.")
        var diagram: Replay.Kind

        @Option(parsing: .unconditional, help: ArgumentHelp("Draw the state after the first N steps, the newest highlighted.", valueName: "n"))
        var step: Int?

        @Option(help: ArgumentHelp("Write one SVG per step (0001.svg, ...) and an index.html into this folder (its parent must exist).", valueName: "folder"), completion: .directory)
        var frames: String?

        @OptionGroup var written: WriteOptions<ReplayCommand>

        @OptionGroup var source: SourceOptions

        public init() {}

        public func validate() throws {
            if let step, step < 1 { throw ValidationError("--step \(step): steps count from 1.") }
            if frames != nil && (written.isGiven || step != nil) { throw ValidationError("--frames writes a folder of SVGs; it takes none of --format, --output and --step.") }
            if try written.resolved() == .html && step != nil { throw ValidationError("--format html holds every step; drop --step.") }
        }

        public func run() throws {
            try CLIError.reported {
                let loaded = try source.source.load()
                loaded.printNotes()
                let replay = Replay.build(diagram, from: loaded.snapshot)
                if replay.steps.isEmpty {
                    throw CLIError.badValue(diagram == .basicFlow
                        ? "nothing to replay: the run built no module through a holder (basic-flow replays ModuleHolder builds). Try --diagram dependency-flow, or `graphinspect dump` for its graph."
                        : "nothing to replay: the run made no dependency lookup. Try `graphinspect dump` for its graph.")
                }
                if let step, step > replay.steps.count {
                    throw CLIError.badValue("--step \(step): the run has \(replay.steps.count) steps; give 1 to \(replay.steps.count).")
                }
                if let frames {
                    try ReplayFrames.write(replay, to: frames)
                } else {
                    let format = try written.resolved()
                    try Output.checkBinary(format.isBinary, format: format.rawValue, to: written.output)
                    try Output.write(try render(replay, as: format), to: written.output)
                }
            }
        }

        func render(_ replay: Replay, as format: Format) throws(CLIError) -> [UInt8] {
            let count = step.map { min($0, replay.steps.count) } ?? replay.steps.count
            switch format {
            case .text:
                return Array(ReplayTextWriter().write(replay, steps: step.map { _ in count }).utf8)
            case .dot:
                return Array(DOTWriter().write(replay.frame(count)).utf8)
            case .svg:
                return try ReplayFrames.picture(replay, frame: count, format: .svg)
            case .png:
                return try ReplayFrames.picture(replay, frame: count, format: .png)
            case .pdf:
                return try ReplayFrames.picture(replay, frame: count, format: .pdf)
            case .html:
                // One layout for every step: the page reveals, nothing moves.
                let (player, svg) = try ReplayFrames.oneLayout(replay)
                return Array(ReplayPage().html(title: "graphinspect replay: \(replay.kind.title)", svg: String(decoding: svg, as: UTF8.self), player: player).utf8)
            }
        }
    }
}

/// Rendering replay frames.
enum ReplayFrames {
    static func picture(_ replay: Replay, frame: Int, format: GraphvizFormat = .svg) throws(CLIError) -> [UInt8] {
        do {
            return try Picture.render(replay.frame(frame), format: format)
        } catch {
            throw .graphviz(error)
        }
    }

    /// Every step's nodes and edges drawn once, each edge named by its step for the page and the
    /// frames to reveal.
    static func oneLayout(_ replay: Replay) throws(CLIError) -> (ReplayPlayer, [UInt8]) {
        let player = ReplayPlayer(replay)
        let dot = DOTWriter().write(player.diagram, legend: false, ranked: true, edgeIDs: player.edgeID)
        do {
            return (player, try Picture.render(dot, nodes: player.diagram.nodes.count))
        } catch {
            throw .graphviz(error)
        }
    }

    /// 0001.svg, 0002.svg..., whole.svg and an index.html that plays them (`ReplayFramesPage`).
    static func write(_ replay: Replay, to folder: String) throws(CLIError) {
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw .cannotWrite(path: folder, reason: .folderMissing(parent))
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder, reason: .from(error))
        }
        // One layout for every frame (nothing moves between them); each frame's view box is drawn
        // around its step.
        let (player, svg) = try oneLayout(replay)
        let frames = ReplayFrameSVG(svg: String(decoding: svg, as: UTF8.self), player: player)
        var played: [(file: String, words: String)] = []
        for (offset, step) in replay.steps.enumerated() {
            let name = String(repeating: "0", count: max(0, 4 - String(offset + 1).count)) + String(offset + 1) + ".svg"
            try Output.write(Array(frames.frame(offset + 1).utf8), to: folder + "/" + name)
            played.append((name, step.words))
        }
        try Output.write(Array(frames.whole.utf8), to: folder + "/whole.svg")
        let index = ReplayFramesPage().html(title: "graphinspect replay: \(replay.kind.title)", frames: played)
        try Output.write(Array(index.utf8), to: folder + "/index.html")
    }
}
