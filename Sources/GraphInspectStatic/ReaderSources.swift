/// The digest of the sources the reader is built from: GraphInspectStatic, GraphInspectCheckContract,
/// the GraphInspect runtime, and the swift-syntax versions Package.swift allows. The check cache is
/// keyed to it (`CheckCache.currentBuild`), so the same sources built again, from any clone, in any
/// configuration, read the same cache, and a reader built from other sources does not.
/// `ReaderSourcesTests` holds it equal to the sources; `GRAPHINSPECT_RECORD=failed swift test
/// --filter ReaderSourcesTests` writes it again after a change.
enum ReaderSources {
    static let digest = "86b19a0a026b4c556db4f61bff012b34"
}
