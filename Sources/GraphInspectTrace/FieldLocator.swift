import Foundation

/// Finds the field of a line that Foundation's JSON decoder refused without saying where (it
/// parses values lazily, so a bad number or string fails with an empty coding path): each value is
/// decoded as plain JSON, the first one that fails is named, with why, in the trace format's terms.
/// Only a line already known to be bad is looked at.
enum FieldLocator {
    struct Finding: Equatable {
        var field: String
        var why: String
    }

    static func firstBadField(in data: Data) -> Finding? {
        let probe: Value
        do {
            probe = try JSONDecoder().decode(Value.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            return Finding(field: path(context.codingPath), why: badString(in: data))
        } catch {
            return nil
        }
        return probe.firstBadNumber(at: [])
    }

    /// Every number in a trace is a non-negative integer (ids, runs, lines, the version).
    private static let notAnID = "is not a non-negative integer below 2^64"

    /// What is wrong with a string the decoder could not read, from the line's bytes.
    private static func badString(in data: Data) -> String {
        if String(validating: data, as: UTF8.self) == nil { return "is not valid UTF-8" }
        if data.contains(where: { $0 < 0x20 }) { return "holds a raw control character; JSON writes it escaped (\\u0001)" }
        return "holds an escape that is not a character (a lone UTF-16 surrogate such as \\ud800)"
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A JSON value, read strictly enough that a bad string or number fails where it is.
    private enum Value: Decodable {
        case scalar
        case number(isID: Bool)
        case array([Value])
        case object([(String, Value)])

        init(from decoder: any Decoder) throws {
            // Containers first, their values decoded with `try` so a failure keeps its path.
            if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
                self = .object(try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map { ($0.stringValue, try keyed.decode(Value.self, forKey: $0)) })
                return
            }
            if var unkeyed = try? decoder.unkeyedContainer() {
                var values: [Value] = []
                while !unkeyed.isAtEnd { values.append(try unkeyed.decode(Value.self)) }
                self = .array(values)
                return
            }
            let container = try decoder.singleValueContainer()
            if container.decodeNil() || (try? container.decode(Bool.self)) != nil || (try? container.decode(String.self)) != nil {
                self = .scalar
            } else if (try? container.decode(Double.self)) != nil {
                self = .number(isID: (try? container.decode(UInt64.self)) != nil)
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unreadable value"))
            }
        }

        func firstBadNumber(at keys: [String]) -> Finding? {
            switch self {
            case .scalar: return nil
            case .number(let isID):
                return isID ? nil : Finding(field: keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "["), why: FieldLocator.notAnID)
            case .array(let values):
                for (index, value) in values.enumerated() {
                    if let found = value.firstBadNumber(at: keys + ["[\(index)]"]) { return found }
                }
                return nil
            case .object(let fields):
                for (key, value) in fields {
                    if let found = value.firstBadNumber(at: keys + [key]) { return found }
                }
                return nil
            }
        }
    }
}
