import Foundation
import Testing
@testable import GraphInspect

/// `TraceLine` writes each event by hand; it must be byte for byte what the `Codable` path
/// (`JSONLineEncoder`) writes, which is what every trace so far holds and what the reader reads.
@Suite struct TraceLineTests {
    /// Names that need every kind of escape, and some that look as if they might.
    static let names = [
        "plain", "", "quote\"d", "back\\slash", "trailing\\", "new\nline", "tab\tcr\r", "nul\u{0}", "esc\u{1b}[31m",
        "line\u{2028}sep\u{2029}", "euro € (0xE2, not a separator)", "é ü 漢字 🦊", "<script>&amp;</script>",
        "a\\\"];evil2[label=\"y", "\u{202E}bidi\u{2066}", "\u{FEFF}bom\u{200B}zwsp",
    ]

    static let ids = [ObjectID(0), ObjectID(1), ObjectID(42), ObjectID(UInt64.max)]

    /// One event of each kind with every optional field present, and each again with every
    /// optional field absent and every list empty.
    static func everyKind(name: String, id: ObjectID) -> [GraphEvent] {
        let location = SourceLocation(file: "App/\(name).swift", line: -7)
        return [
            .created(NodeCreated(id: id, kind: .component, type: name, key: name, parent: id, component: id,
                                 providers: [Provider(name: name, type: "App.\(name)", form: .lazyVar), Provider(name: "b", type: "Int", form: .computed)],
                                 time: id.rawValue, thread: UInt32.max)),
            .created(NodeCreated(id: id, kind: NodeKind(name), type: name)),
            .created(NodeCreated(id: id, kind: .holder, type: name, providers: [])),
            .builderStarted(BuilderStarted(run: id, builder: name, parentComponent: id, holder: id, context: [name, "Outer"],
                                           location: location, time: id.rawValue, thread: 1)),
            .builderStarted(BuilderStarted(run: id, builder: name, parentComponent: id, holder: id, context: [])),
            .builderFinished(BuilderFinished(run: id, module: id)),
            .builderFinished(BuilderFinished(run: id, module: id, time: UInt64.max)),
            .moduleAttached(ModuleAttachment(holder: id, module: id)),
            .moduleAttached(ModuleAttachment(holder: id, module: id, time: id.rawValue, thread: 2)),
            .moduleDetached(ModuleAttachment(holder: id, module: id)),
            .moduleDetached(ModuleAttachment(holder: id, module: id, time: id.rawValue)),
            .routerAttached(RouterAttachment(module: id, router: id)),
            .lookup(DependencyLookup(requester: id, name: name, type: name, walk: [id, ObjectID(2), ObjectID(3)], provider: id,
                                     cacheHit: true, location: location, repeats: 12_345, time: UInt64.max - id.rawValue,
                                     duration: id.rawValue, thread: 7)),
            .lookup(DependencyLookup(requester: id, name: name, type: name, walk: [], provider: nil, cacheHit: false)),
            .sharedCreated(SharedCreated(component: id, type: name)),
            .sharedCreated(SharedCreated(component: id, type: name, form: .lazy, name: name, time: id.rawValue, duration: 0, thread: 3)),
            .moduleLookup(ModuleLookup(requester: id, key: name, target: .router, walk: [id, id], module: id, holder: id,
                                       time: id.rawValue, duration: UInt64.max, thread: 1)),
            .moduleLookup(ModuleLookup(requester: id, key: name, target: .module, walk: [], module: nil, holder: nil)),
            .released(Released(id: id)),
            .released(Released(id: id, time: UInt64.max - id.rawValue)),
            .linked(Link(from: id, to: id, kind: name, label: name)),
            .linked(Link(from: id, to: id, kind: name)),
            .held(HeldBy(id: id, holder: id, path: ".screens[2]." + name)),
            .held(HeldBy(id: id)),
            .marked(RunMark(name: name, time: id.rawValue, thread: UInt32.max)),
            .ended(RunEnded(time: id.rawValue)),
            .ended(RunEnded(time: id.rawValue, status: -3)),
            .ended(RunEnded(time: id.rawValue, status: Int32.max, report: name)),
        ]
    }

    static func codableLine(_ event: GraphEvent) throws -> [UInt8] {
        Array((try JSONLineEncoder().encode(event) + "\n").utf8)
    }

    @Test func everyKindOfEventIsWrittenByteForByteAsCodableWritesIt() throws {
        var compared = 0
        for name in Self.names {
            for id in Self.ids {
                for event in Self.everyKind(name: name, id: id) {
                    let line = TraceLine(event).bytes
                    #expect(line == (try Self.codableLine(event)), "\(String(decoding: line, as: UTF8.self))")
                    compared += 1
                }
            }
        }
        // Every case of GraphEvent is among them.
        let kinds = Set(Self.everyKind(name: "a", id: ObjectID(1)).map(\.name))
        #expect(kinds == Set(GraphEvent.Name.allCases))
        #expect(compared == Self.names.count * Self.ids.count * 28)
    }

    @Test func aLineReadsBackAsTheEventItWasWrittenFrom() throws {
        for name in Self.names {
            for event in Self.everyKind(name: name, id: ObjectID(9)) {
                let line = TraceLine(event).bytes
                #expect(line.last == UInt8(ascii: "\n"))
                #expect(line.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") })
                #expect(try JSONDecoder().decode(GraphEvent.self, from: Data(line)) == event)
            }
        }
    }

    /// 2,000 events made by a seeded generator: names of random Unicode scalars (control
    /// characters and the separators included), random ids, lists and optional fields.
    @Test func randomEventsAreWrittenByteForByteAsCodableWritesThem() throws {
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<2_000 {
            let name = String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &random)).map { _ in
                let pick = Int.random(in: 0..<4, using: &random)
                let value: UInt32 = switch pick {
                case 0: UInt32.random(in: 0..<0x80, using: &random)
                case 1: [0x2028, 0x2029, 0x20AC, 0x202E][Int.random(in: 0..<4, using: &random)]
                case 2: UInt32.random(in: 0x80..<0xD800, using: &random)
                default: UInt32.random(in: 0x10000..<0x10FFFF, using: &random)
                }
                return Unicode.Scalar(value) ?? "?"
            }))
            let id = ObjectID(UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0..<64, using: &random))
            let events = Self.everyKind(name: name, id: id)
            let event = events[Int.random(in: 0..<events.count, using: &random)]
            #expect(TraceLine(event).bytes == (try Self.codableLine(event)))
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be rerun.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
