import ArgumentParser

extension GraphInspectCommand {
    /// `graphinspect samples`: the bundled sample apps.
    public struct Samples: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "List the bundled sample apps, one per architecture graphinspect can show.",
            discussion: "Run one with `graphinspect dump --sample NAME`, or its binary with `graphinspect dump -- .build/debug/graphinspect-sample-NAME`."
        )

        public init() {}

        public func run() {
            print(Self.listing(), terminator: "")
        }

        static func listing() -> String {
            let width = SampleCatalog.names.map(\.count).max() ?? 0
            return SampleCatalog.entries.map { entry in
                entry.name + String(repeating: " ", count: width - entry.name.count) + "  \(entry.summary)\n"
            }.joined()
        }
    }
}
