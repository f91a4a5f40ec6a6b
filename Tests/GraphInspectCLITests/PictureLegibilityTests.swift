import Foundation
import Testing
import GraphInspectTestSupport

/// Every picture the project draws, measured in a real browser: no two labels overlap anywhere,
/// and the default picture of each bundled sample fits a 1,200 px page with text of 9 px or more
/// and an aspect ratio between 0.4 and 2.5.
@Suite(.serialized, .ownThread) struct PictureLegibilityTests {
    static let samples = ["modules", "modules-dying", "modules-changed", "school", "signup", "screen"]

    func draw(_ arguments: [String], status: Int32 = 0) throws -> String {
        let result = try Executable.run("graphinspect", arguments, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status == status, "graphinspect \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    @Test func defaultPicturesOfEverySampleFitAPage() throws {
        let pictures = try Self.samples.map { ("dump --sample \($0)", try draw(["dump", "--format", "svg", "--sample", $0])) }
        let measures = try Legibility.measure(pictures)
        #expect(measures.count == pictures.count)
        for measure in measures {
            print("legibility: \(measure)")
            #expect(measure.overlaps.isEmpty, "\(measure)")
            #expect(measure.smallestText >= 9, "\(measure)")
            #expect((0.4...2.5).contains(measure.aspect), "\(measure)")
        }
    }

    @Test func noPictureOverlapsItsLabels() throws {
        var pictures: [(String, String)] = []
        for (file, arguments) in DocsImages.manifest {
            pictures.append(("docs/images/" + file, try draw(arguments)))
        }
        for view in ["dependencies", "modules", "all"] {
            for sample in Self.samples {
                pictures.append(("--view \(view) --sample \(sample)", try draw(["dump", "--format", "svg", "--view", view, "--sample", sample])))
            }
        }
        for layout in ["neato", "fdp", "sfdp", "circo", "twopi"] {
            pictures.append(("--layout \(layout)", try draw(["dump", "--format", "svg", "--layout", layout])))
        }
        for filter in [["--collapse", "holders"], ["--collapse", "modules"], ["--hide", "cache-hits"], ["--depth", "2"], ["--no-legend"]] {
            pictures.append((filter.joined(separator: " "), try draw(["dump", "--format", "svg"] + filter)))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legibility-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.json").path, new = folder.appendingPathComponent("new.json").path
        _ = try draw(["dump", "--format", "json", "-o", old])
        _ = try draw(["dump", "--format", "json", "--sample", "modules-changed", "-o", new])
        pictures.append(("diff", try draw(["diff", "--format", "svg", old, new], status: 1)))
        for diagram in ["basic-flow", "dependency-flow"] {
            // The dependency flow of the sample has 19 steps (a larger --step is an error).
            for step in [1, 10, diagram == "basic-flow" ? 30 : 19] {
                pictures.append(("replay \(diagram) step \(step)", try draw(["replay", "--diagram", diagram, "--format", "svg", "--step", String(step)])))
            }
        }
        let measures = try Legibility.measure(pictures)
        #expect(measures.count == pictures.count)
        for measure in measures {
            #expect(measure.overlaps.isEmpty, "\(measure)")
        }
        print("legibility: \(measures.count) pictures, \(measures.reduce(0) { $0 + $1.overlaps.count }) overlapping pairs")
    }
}
