import Foundation

/// The build tool's command line, as the plugin passes it:
///
///     graphinspect-build-check [--cache-path FOLDER] [--rules FILE [--rules-baseline FILE]]
///                              [--rules-if-present FILE] [--rules-baseline-if-present FILE] OUTPUT FILE...
///
/// Options come first, each with its value; `-if-present` ones count when their file exists as
/// the check runs (SwiftPM keeps the plugin's commands between builds, so the plugin cannot decide).
struct BuildCheckArguments: Equatable {
    var cachePath: String?
    var rules: String?
    var rulesBaseline: String?
    /// The file the build command declares as its output, written when no error is found.
    var output: String
    var files: [String]

    static let usage = "usage: graphinspect-build-check [--cache-path FOLDER] [--rules FILE [--rules-baseline FILE]] [--rules-if-present FILE] [--rules-baseline-if-present FILE] OUTPUT FILE..."

    /// The options this tool takes, each followed by its value.
    enum Option: String, CaseIterable {
        case cachePath = "--cache-path"
        case rules = "--rules"
        case rulesBaseline = "--rules-baseline"
        case rulesIfPresent = "--rules-if-present"
        case rulesBaselineIfPresent = "--rules-baseline-if-present"
    }

    /// Reads `arguments` (without the tool's own path); nil when no OUTPUT follows the options
    /// (the caller prints `usage`). `exists` says whether a file is there.
    init?(_ arguments: [String], exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        var rest = arguments[...]
        var given: [Option: String] = [:]
        while let flag = rest.first.flatMap(Option.init(rawValue:)), rest.count > 1 {
            given[flag] = rest[rest.startIndex + 1]
            rest = rest.dropFirst(2)
        }
        for (ifPresent, option) in [(Option.rulesIfPresent, Option.rules), (.rulesBaselineIfPresent, .rulesBaseline)] {
            if given[option] == nil, let path = given[ifPresent], exists(path) { given[option] = path }
        }
        guard let output = rest.first, !output.hasPrefix("-") else { return nil }
        cachePath = given[.cachePath]
        rules = given[.rules]
        rulesBaseline = given[.rulesBaseline]
        self.output = output
        files = Array(rest.dropFirst())
    }
}
