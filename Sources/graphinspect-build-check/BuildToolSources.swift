/// The digest of the sources the build tool adds to the reader's: this tool, the rules engine and
/// its YAML reading, and the Yams versions Package.swift allows. With the reader's, the identity of
/// the tool's cache. `ReaderSourcesTests` holds it equal to the sources; `GRAPHINSPECT_RECORD=failed
/// swift test --filter ReaderSourcesTests` writes it again after a change.
enum BuildToolSources {
    static let digest = "46caa7299237627f683712d97f1f4c96"
}
