import Foundation

/// Traces written by hand for tests that need a big or oddly shaped app without running one.
package enum SyntheticTraces {
    /// A trace of `components` components in chains 50 deep under one root, each looking up the
    /// root's `clock`, in a temporary file (the caller removes it).
    package static func deepChains(components: Int) throws -> String {
        var lines = [#"{"format":"graphinspect-trace","version":2}"#,
                     #"{"event":"created","id":1,"kind":"component","type":"Gen.Root","providers":[{"name":"clock","type":"Gen.Clock","form":"stored"}]}"#]
        for id in 2...components {
            let parent = (id - 2) % 50 == 0 ? 1 : id - 1
            lines.append(#"{"event":"created","id":\#(id),"kind":"component","type":"Gen.Deep\#(id)","parent":\#(parent),"providers":[]}"#)
            lines.append(#"{"event":"lookup","requester":\#(id),"name":"clock","type":"Gen.Clock","walk":[\#(id),1],"provider":1,"cacheHit":false}"#)
        }
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("deep-\(UUID().uuidString).ndjson").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: trace))
        return trace
    }
}
