import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectText

/// The formats a snapshot can be written in.
public enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Indented text: holders, components, what each resolved, what was released.
    case text
    /// The snapshot itself (nodes and events), pretty-printed with sorted keys.
    case json

    /// `snapshot` written in this format.
    public func write(_ snapshot: GraphSnapshot) throws -> String {
        switch self {
        case .text:
            return TreeTextWriter().write(snapshot)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(snapshot), as: UTF8.self) + "\n"
        }
    }
}
