import Foundation
import GraphInspectCheckContract
import GraphInspectLSPTransport

extension LanguageServer {
    private struct NoWorkspace: Error {}

    /// Reads `input` as a client's stream, split into reads of a size its first byte chooses (so
    /// messages arrive whole, split and run together), and answers every message as the server
    /// does, to /dev/null, with a workspace that cannot be read. For the fuzz target
    /// (fuzz-lsp-messages) and the tests that replay its corpus: framing and decoding must end in
    /// an answer or a skipped message, never a crash or a hang.
    @_spi(Fuzzing) public static func serve(fuzzInput input: [UInt8]) {
        let sink = open("/dev/null", O_WRONLY)
        defer { close(sink) }
        let step = max(1, Int(input.first ?? 1))
        var offset = 0
        var messages = MessageReader(read: { buffer in
            guard offset < input.count else { return 0 }
            let end = min(input.count, offset + step)
            buffer.append(contentsOf: input[offset..<end])
            defer { offset = end }
            return end - offset
        })
        let server = LanguageServer(reader: { _, _, _, _ in throw NoWorkspace() }, rules: { _ in nil }, input: -1, output: sink, log: { _ in })
        while true {
            do {
                guard let body = try messages.next() else { return }
                if server.handle(body) != nil { return }
            } catch {
                continue
            }
        }
    }
}
