import Foundation
import GraphInspect

/// Decodes one trace line into a `Decodable` value without Foundation's `JSONDecoder`: a strict
/// JSON parser into a small tree, and a `Decoder` over it.
///
/// The reader's fast path, nothing more. It accepts a subset of what `JSONDecoder` accepts, with
/// the same meaning: objects without duplicate keys, integers without fraction or exponent,
/// strings with every JSON escape. Anything else (and any decoding failure) throws, and the reader
/// falls back to `JSONDecoder`, which then decides, and words any error, exactly as before.
struct LineDecoder {
    /// Why the fast path gave up; never shown (the fallback decides).
    struct GiveUp: Error {}

    func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        var parser = JSONLineParser(bytes: bytes)
        let value = try parser.parseDocument()
        return try T(from: TreeDecoder(value: value))
    }

    /// A trace event. `lookup` lines, most of a trace, are built straight from the parsed tree
    /// (the generic `Decoder` machinery cost more than the parse: about half of reading a
    /// 1,000,000-line trace); every other event goes through `GraphEvent`'s `Decodable`. Same
    /// meaning as `JSONDecoder`'s (the line-decoder fuzzer compares them): unknown fields ignored,
    /// `null` for an optional field is absent, anything else unexpected gives up.
    func decodeEvent(from bytes: UnsafeRawBufferPointer) throws -> GraphEvent {
        var parser = JSONLineParser(bytes: bytes)
        let value = try parser.parseDocument()
        if case .object(let members) = value, let lookup = try Self.lookup(members) { return .lookup(lookup) }
        return try GraphEvent(from: TreeDecoder(value: value))
    }

    /// The lookup a `"event":"lookup"` object holds; nil for any other event.
    private static func lookup(_ members: [(key: String, value: JSONValue)]) throws -> DependencyLookup? {
        guard members.contains(where: { $0.key == "event" && $0.value.isString("lookup") }) else { return nil }
        var requester: ObjectID?, name: String?, type: String?, walk: [ObjectID]?, cacheHit: Bool?
        var provider: ObjectID?, location: SourceLocation?, repeats: Int?, time: UInt64?, duration: UInt64?, thread: UInt32?
        for (key, value) in members {
            switch key {
            case "requester": requester = try value.id()
            case "name": name = try value.string()
            case "type": type = try value.string()
            case "walk": walk = try value.elements().map { try $0.id() }
            case "cacheHit": cacheHit = try value.bool()
            case "provider": provider = value.isNull ? nil : try value.id()
            case "repeats": repeats = value.isNull ? nil : Int(try value.integer())
            case "time": time = value.isNull ? nil : try value.unsigned()
            case "duration": duration = value.isNull ? nil : try value.unsigned()
            case "thread":
                guard !value.isNull else { continue }
                guard let number = UInt32(exactly: try value.integer()) else { throw GiveUp() }
                thread = number
            case "location":
                guard !value.isNull else { continue }
                guard case .object(let fields) = value,
                      let file = try fields.first(where: { $0.key == "file" })?.value.string(),
                      let line = try fields.first(where: { $0.key == "line" })?.value.integer()
                else { throw GiveUp() }
                location = SourceLocation(file: file, line: Int(line))
            default: continue
            }
        }
        guard let requester, let name, let type, let walk, let cacheHit else { throw GiveUp() }
        return DependencyLookup(requester: requester, name: name, type: type, walk: walk, provider: provider,
                                cacheHit: cacheHit, location: location, repeats: repeats, time: time,
                                duration: duration, thread: thread)
    }
}

/// Reading a parsed value as one type, or giving up.
extension JSONValue {
    var isNull: Bool { if case .null = self { true } else { false } }

    func isString(_ text: String) -> Bool { if case .string(let value) = self { value == text } else { false } }

    func string() throws -> String {
        guard case .string(let value) = self else { throw LineDecoder.GiveUp() }
        return value
    }

    func bool() throws -> Bool {
        guard case .bool(let value) = self else { throw LineDecoder.GiveUp() }
        return value
    }

    func integer() throws -> Int64 {
        guard case .integer(let value) = self else { throw LineDecoder.GiveUp() }
        return value
    }

    /// A non-negative integer, as a time or duration.
    func unsigned() throws -> UInt64 {
        let value = try integer()
        guard value >= 0 else { throw LineDecoder.GiveUp() }
        return UInt64(value)
    }

    /// An id: a non-negative integer.
    func id() throws -> ObjectID {
        let value = try integer()
        guard value >= 0 else { throw LineDecoder.GiveUp() }
        return ObjectID(UInt64(value))
    }

    func elements() throws -> [JSONValue] {
        guard case .array(let values) = self else { throw LineDecoder.GiveUp() }
        return values
    }
}

/// A parsed JSON value.
indirect enum JSONValue {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])
}

/// For the fuzzers (`fuzz-line-decoder`): whether the fast path agrees with `JSONDecoder` on one
/// line. The fast path may give up; when it decodes an event, `JSONDecoder` must decode the same.
@_spi(Fuzzing)
public func lineDecodersAgree(on line: [UInt8]) -> Bool {
    guard let fast = line.withUnsafeBytes({ try? LineDecoder().decodeEvent(from: $0) }) else { return true }
    return (try? JSONDecoder().decode(GraphEvent.self, from: Data(line))) == fast
}
