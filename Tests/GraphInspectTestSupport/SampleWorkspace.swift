import Foundation

/// A package folder for the tests that read sources as a user's: the module sample's own files
/// copied under `Sources/App`, in a temporary folder of its own (symbolic links resolved).
package enum SampleWorkspace {
    package static func make(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let sample = Golden.packageRoot.appendingPathComponent("Sources/GraphInspectSample")
        for file in try FileManager.default.contentsOfDirectory(atPath: sample.path) where file.hasSuffix(".swift") {
            try FileManager.default.copyItem(at: sample.appendingPathComponent(file), to: app.appendingPathComponent(file))
        }
        return folder.resolvingSymlinksInPath()
    }
}
