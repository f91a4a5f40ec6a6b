import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectStatic
import GraphInspectStyleFactories
import GraphInspectStyleNeedle
import GraphInspectStyleTargetsFeature
import Testing

/// Apps written in other teams' styles (Examples/Styles), each run in this process and read from
/// its sources: the static graph must agree with the run fact for fact, and every lookup the run
/// saw fail must be an error of `check` at the same line, and no other.
@Suite struct StyleFidelityTests {
    struct Style: Sendable, CustomTestStringConvertible {
        var name: String
        /// Each target's folder and module name.
        var targets: [(folder: String, module: String)]
        var run: @Sendable () -> [Component]
        var testDescription: String { name }
    }

    static let styles = [
        Style(name: "needle", targets: [("Examples/Styles/Needle", "GraphInspectStyleNeedle")], run: NeedleStyle.run),
        Style(name: "factories", targets: [("Examples/Styles/Factories", "GraphInspectStyleFactories")], run: FactoryStyle.run),
        Style(
            name: "two targets, one type name",
            targets: [("Examples/Styles/TargetsCore", "GraphInspectStyleTargetsCore"), ("Examples/Styles/TargetsFeature", "GraphInspectStyleTargetsFeature")],
            run: TargetsStyle.run
        ),
    ]

    static func files(_ style: Style) throws -> [StaticReader.SourceFile] {
        try style.targets.flatMap { target in
            try FidelityTests.files(target.folder).map { StaticReader.SourceFile(path: $0.path, module: target.module, text: $0.text) }
        }
    }

    @Test(arguments: styles)
    func readAsItRuns(style: Style) throws {
        let files = try Self.files(style)
        let run = FidelityTests.record { style.run() }
        FidelityTests.expectAgreement(style.name, files, run)
        // The run's failed lookups, by file and line, and check's errors, the same way.
        let failed = Set(run.lookups.filter { $0.provider == nil }.compactMap(\.location).map { "\(($0.file as NSString).lastPathComponent):\($0.line)" })
        let errors = Set(StaticReader.graph(of: files).errors.map { "\(($0.position.file as NSString).lastPathComponent):\($0.position.line)" })
        print("missing dependencies of \(style.name): the run \(failed.sorted()), check \(errors.sorted())")
        #expect(!failed.isEmpty, "\(style.name): the app's defects did not fail at run time")
        #expect(errors == failed, "\(style.name): check's errors are not at the lines whose lookups failed at run time")
    }
}
