import Foundation
import GraphInspectLSPProtocol
import GraphInspectLSPTransport
import Testing

/// The transport's dispatch by message type, in process: a registered request's parameters decoded
/// as its type and its answer framed as JSON-RPC's response; the errors for parameters that do not
/// decode and for a method nobody registered, each only where the message has an id.
@Suite struct MessageRegistryTests {
    /// A server of one request and two notifications, recording what it was handed.
    final class Recorder: @unchecked Sendable {
        var hovered: [Position] = []
        var closed: [String] = []
        var exits = 0

        static let registry = MessageRegistry<Recorder>()
            .on(HoverRequest.self, Recorder.hover)
            .on(DidCloseNotification.self, Recorder.didClose)
            .on(ExitNotification.self, Recorder.exit)

        func hover(_ params: TextDocumentPositionParams) -> Hover? {
            hovered.append(params.position)
            return params.position.line == 0 ? nil : Hover(contents: .init(value: "at \(params.position.line)"), range: nil)
        }

        func didClose(_ params: DidCloseParams) { closed.append(params.textDocument.uri) }
        func exit(_ params: NoParams) { exits += 1 }
    }

    /// Dispatches one message's JSON; returns the response's text, if any.
    static func dispatch(_ json: String, to recorder: Recorder) throws -> String? {
        let message = try #require(IncomingMessage(body: Array(json.utf8)))
        let method = try #require(message.method)
        return Recorder.registry.dispatch(message, method: method, to: recorder).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aRequestIsDecodedAsItsTypeAndAnswered() throws {
        let recorder = Recorder()
        let answer = try Self.dispatch(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.swift"},"position":{"line":3,"character":5}}}"#, to: recorder)
        #expect(answer == #"{"id":7,"jsonrpc":"2.0","result":{"contents":{"kind":"markdown","value":"at 3"}}}"#)
        #expect(recorder.hovered == [Position(line: 3, character: 5)])
        let none = try Self.dispatch(#"{"jsonrpc":"2.0","id":"x","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.swift"},"position":{"line":0,"character":0}}}"#, to: recorder)
        #expect(none == #"{"id":"x","jsonrpc":"2.0","result":null}"#)
    }

    @Test func aNotificationIsHandledAndNotAnswered() throws {
        let recorder = Recorder()
        #expect(try Self.dispatch(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///b.swift"}}}"#, to: recorder) == nil)
        #expect(recorder.closed == ["file:///b.swift"])
        // A message whose parameters are not read may leave them out.
        #expect(try Self.dispatch(#"{"jsonrpc":"2.0","method":"exit"}"#, to: recorder) == nil)
        #expect(recorder.exits == 1)
    }

    @Test func parametersThatDoNotDecodeAreAnErrorOnlyForARequest() throws {
        let recorder = Recorder()
        let answer = try Self.dispatch(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.swift"}}}"#, to: recorder)
        #expect(answer == #"{"error":{"code":-32602,"message":"textDocument/hover: DecodingError.keyNotFound: Key 'position' not found in keyed decoding container. Path: params. Debug description: No value associated with key CodingKeys(stringValue: \"position\", intValue: nil) (\"position\")."},"id":2,"jsonrpc":"2.0"}"#)
        #expect(try Self.dispatch(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{}}"#, to: recorder) == nil)
        #expect(recorder.hovered.isEmpty && recorder.closed.isEmpty)
    }

    @Test func aMethodNobodyRegisteredIsMethodNotFound() throws {
        let recorder = Recorder()
        let answer = try Self.dispatch(#"{"jsonrpc":"2.0","id":3,"method":"workspace/symbol","params":{}}"#, to: recorder)
        #expect(answer == #"{"error":{"code":-32601,"message":"graphinspect lsp does not answer workspace/symbol"},"id":3,"jsonrpc":"2.0"}"#)
        #expect(try Self.dispatch(#"{"jsonrpc":"2.0","method":"workspace/symbol"}"#, to: recorder) == nil)
    }

    @Test func aBodyThatIsNotAMessageIsNotRead() {
        #expect(IncomingMessage(body: Array("{not json".utf8)) == nil)
        #expect(IncomingMessage(body: Array("[1]".utf8)) == nil)
    }
}
