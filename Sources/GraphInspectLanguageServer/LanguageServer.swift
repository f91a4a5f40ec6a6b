import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectLSPProtocol
import GraphInspectLSPTransport

/// `graphinspect lsp`: the graph in the editor, beside sourcekit-lsp. Reads messages from standard
/// input and answers on standard output, one at a time: `check`'s findings (and the rules') as
/// diagnostics of every file, from the editor's unsaved text, after each change; hover, definition,
/// implementation and references on lookups and providers' declarations; a code lens on each
/// provider. End of input ends it; so does `exit`. One thread runs it (`run`), so it may be handed
/// to the thread that will (`@unchecked Sendable`); nothing else touches it.
///
/// Messages are dispatched by type (`handlers`, in LanguageServer+Handlers.swift); what it answers
/// from is read by `reader`, which the executable installs.
public final class LanguageServer: @unchecked Sendable {
    /// Reads the workspace's sources (`paths`, with `cachePath`), the editor's open files' text in
    /// place of theirs on disk, held to the workspace's `rules`, as `check` reads them; installed
    /// by `graphinspect-check`. With the reading comes what finishes it once its findings are
    /// published (saving the cache), so the editor does not wait for it.
    public typealias Reader = (_ paths: [String], _ cachePath: String?, _ texts: [String: String], _ rules: ReadingRules?) throws
        -> (reading: StaticReading, finish: () -> Void)
    /// A workspace folder's rules file, read: nil when it has none, an error when it does not read.
    public typealias RulesFile = (_ root: String) -> Result<ReadingRules, any Error>?

    let reader: Reader
    let rulesFor: RulesFile
    private var input: MessageReader
    private let output: MessageWriter
    let log: (String) -> Void

    var roots: [String] = []
    var rules: [Result<ReadingRules, any Error>] = []
    var documents = Documents()
    var current: WorkspaceReading?
    /// The current reading's missing dependencies by where their lookups are written, made when a
    /// code action first asks.
    var failuresByPosition: [SourcePosition: [MissingDependency]]?
    /// Files diagnostics were last published for, so a file whose findings are gone is cleared.
    var published: Set<String> = []
    var stale = true
    var initialized = false
    var shuttingDown = false
    /// Set by `exit`: the status to end with.
    var exitStatus: Int32?

    public init(reader: @escaping Reader, rules: @escaping RulesFile, input: Int32 = 0, output: Int32 = 1,
                log: @escaping (String) -> Void = { FileHandle.standardError.write(Data(("graphinspect lsp: " + $0 + "\n").utf8)) }) {
        self.reader = reader
        rulesFor = rules
        self.input = MessageReader(descriptor: input)
        self.output = MessageWriter(descriptor: output)
        self.log = log
    }

    /// Serves until `exit` or the end of input; returns the exit status (`exit` after `shutdown`: 0).
    public func run() -> Int32 {
        while true {
            let body: [UInt8]
            do {
                guard let next = try input.next() else { return shuttingDown ? 0 : 1 }
                body = next
            } catch {
                log("\(error); skipped")
                continue
            }
            if let status = handle(body) { return status }
            // Edits that arrive together are read before the workspace is read again.
            if stale && initialized && !input.hasWaitingInput() { refresh() }
        }
    }

    /// Answers one message; returns an exit status when the server should stop. Until `initialize`
    /// only it and `exit` are handled.
    func handle(_ body: [UInt8]) -> Int32? {
        guard let message = IncomingMessage(body: body) else {
            send(OutgoingMessage.error(nil, .notJSONRPC))
            return nil
        }
        guard let method = message.method else { return nil }
        if !initialized && !Self.beforeInitialize.contains(method) {
            if message.id != nil { send(OutgoingMessage.error(message.id, .notInitialized)) }
            return nil
        }
        send(Self.handlers.dispatch(message, method: method, to: self))
        return exitStatus
    }

    /// Writes a message's body, framed.
    func send(_ body: Data?) {
        guard let body else { return }
        output.write(body)
    }
}
