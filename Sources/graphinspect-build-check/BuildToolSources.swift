/// The digest of the sources the build tool adds to the reader's: this tool, the rules engine and
/// its YAML reading, and the Yams versions Package.swift allows. With the reader's, the identity of
/// the tool's cache. `ReaderSourcesTests` holds it equal to the sources; `GRAPHINSPECT_RECORD=failed
/// swift test --filter ReaderSourcesTests` writes it again after a change.
enum BuildToolSources {
    static let digest = "bdd1b0636d82b9f8f29c5cb3abf858f5"
}
