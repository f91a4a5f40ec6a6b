import Foundation
import GraphInspect
import Testing
@_spi(Fuzzing) @testable import GraphInspectTrace

/// The reader's fast line decoder: it takes every line the runtime writes, decodes each to what
/// JSONDecoder makes of it, and gives up (leaving JSONDecoder to decide) on anything else.
@Suite struct LineDecoderTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/fuzz").standardized

    func fast(_ text: String) -> GraphEvent? {
        Array(text.utf8).withUnsafeBytes { try? LineDecoder().decodeEvent(from: $0) }
    }

    func slow(_ text: String) -> GraphEvent? {
        try? JSONDecoder().decode(GraphEvent.self, from: Data(text.utf8))
    }

    @Test func everyLineOfTheSampleTracesDecodesFastToWhatJSONDecoderMakes() throws {
        var lines = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent("trace-reader").path).sorted()
        where name.hasPrefix("sample") {
            let text = try String(contentsOf: Self.corpus.appendingPathComponent("trace-reader/\(name)"), encoding: .utf8)
            for line in text.split(separator: "\n").dropFirst() {
                let line = String(line)
                if line.contains(#""event":"repeated""#) { continue }
                let decoded = try #require(fast(line), "\(name): \(line)")
                #expect(decoded == slow(line), "\(name): \(line)")
                lines += 1
            }
        }
        #expect(lines > 150)
    }

    /// Lookup lines are built without the generic decoder: every spelling means what it means
    /// to JSONDecoder, and what JSONDecoder refuses is left to it.
    @Test func lookupLinesDecodeDirectlyToWhatJSONDecoderMakes() throws {
        let taken = [
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2,1],"provider":1,"cacheHit":false}"#,
            #"{"cacheHit":true,"walk":[2],"type":"App.A","name":"a","requester":2,"event":"lookup"}"#,
            #"{"event":"lookup","requester":2,"name":"a\n\u00e9","type":"App.A","walk":[],"provider":null,"cacheHit":false,"location":null}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2],"cacheHit":false,"location":{"file":"A.swift","line":3,"column":9},"repeats":4,"extra":[1,{"x":null}]}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2,1],"cacheHit":false,"location":{"file":"App/A.swift","line":19},"time":13149115914206}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2,1],"cacheHit":false,"time":null}"#,
        ]
        for line in taken {
            let decoded = try #require(fast(line), "\(line)")
            #expect(decoded == slow(line), "\(line)")
        }
        let refused = [
            #"{"event":"lookup","requester":-2,"name":"a","type":"App.A","walk":[2],"cacheHit":false}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2,null],"cacheHit":false}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2],"cacheHit":"no"}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2]}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2],"cacheHit":false,"location":{"file":"A.swift"}}"#,
            #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2],"cacheHit":false,"time":-1}"#,
            #"{"event":"lookup","event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2],"cacheHit":false}"#,
        ]
        for line in refused {
            #expect(fast(line) == nil, "\(line)")
            #expect(lineDecodersAgree(on: Array(line.utf8)))
        }
    }

    @Test func everyEscapeDecodesLikeJSONDecoder() throws {
        let line = try String(contentsOf: Self.corpus.appendingPathComponent("line-decoder/escapes.json"), encoding: .utf8)
        let decoded = try #require(fast(line))
        #expect(decoded == slow(line))
        guard case .created(let created) = decoded else { Issue.record("not a created event"); return }
        #expect(created.type == "App.é😀 \"q\" \\ / \u{8}\u{c}\n\r\t")
        #expect(created.providers?.first?.name == "a\u{0}b")
    }

    @Test func givesUpOnWhatItDoesNotTakeAndJSONDecoderDecides() {
        let gaveUp = [
            #"{"event":"released","id":1.0}"#,            // a fraction
            #"{"event":"released","id":1e0}"#,            // an exponent
            #"{"event":"released","id":01}"#,             // a leading zero (not JSON)
            #"{"event":"released","id":-0}"#,             // negative zero
            #"{"event":"released","id":1,"id":2}"#,       // a duplicate key
            #"{"event":"released","id":99999999999999999999}"#,  // beyond Int64
            #"{"event":"released","id":1} x"#,            // trailing text
            #"{"event":"released","id":"1"}"#,            // a string for a number
            #"{"event":"released","id":1"#,               // cut off
            #"{"event":"released\u","id":1}"#,            // a broken escape
            "{\"event\":\"released\",\"id\":1,\"x\":\"\u{1}\"}", // a raw control character
            String(repeating: "[", count: 40) + String(repeating: "]", count: 40),   // nested past the limit
        ]
        for line in gaveUp {
            #expect(fast(line) == nil, "\(line)")
        }
        // Whitespace and key order are JSON's business, not the writer's: both take them.
        let spaced = " { \"id\" : 3 ,\t\"event\" : \"released\" } "
        #expect(fast(spaced) == .released(Released(id: ObjectID(3))))
        #expect(fast(spaced) == slow(spaced))
    }
}
