import Foundation
import GraphInspectPages
import NIOCore
import NIOHTTP1

typealias HTTPPart = HTTPServerResponsePart

/// Who may ask the server anything: requests must name the server by an address it serves
/// (`Host`), come from its own pages (`Origin`, when a browser sends one), and, when the server
/// or the app listener is reachable beyond this machine, carry the token printed at start.
/// Checking `Host` stops DNS rebinding: a page of another site that makes its name resolve to
/// 127.0.0.1 still sends its own name.
struct RequestGate: Sendable {
    /// `host:port` spellings that name the page server.
    var hosts: Set<String>
    var token: String?

    init(port: Int, bindHost: String, token: String?) {
        var names = ["127.0.0.1", "localhost", "[::1]"]
        if !names.contains(bindHost), bindHost != "::1" { names.append(bindHost.contains(":") ? "[\(bindHost)]" : bindHost) }
        hosts = Set(names.map { "\($0):\(port)" })
        self.token = token
    }

    /// Nil when the request may go on; else why not.
    func refusal(host: String?, origin: String?, query: [String: String]) -> String? {
        guard let host, hosts.contains(host.lowercased()) else { return "the Host header names no address this server serves" }
        if let origin, origin != "null", !hosts.contains(where: { origin.lowercased() == "http://" + $0 }) {
            return "the request comes from another site (Origin \(origin))"
        }
        if let token, query["token"] != token { return "this server needs the token it printed at start (?token=...)" }
        return nil
    }
}

/// Answers one browser connection: the page (`/`), its event stream (`/events`), a node's panel
/// (`/details?id=KEY`), the failed lookups with their reports (`/failures`), and the modules
/// alive after detach with theirs (`/retained?now=NS`).
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let hub: LiveHub
    let gate: RequestGate
    let page: String
    private var head: HTTPRequestHead?
    private var streaming = false

    init(hub: LiveHub, gate: RequestGate, page: String) {
        self.hub = hub
        self.gate = gate
        self.page = page
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            head = request
        case .body:
            break
        case .end:
            guard let request = head, !streaming else { return }
            respond(to: request, context: context)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if streaming, context.channel.isWritable { hub.writable(context.channel) }
        context.fireChannelWritabilityChanged()
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        let (path, query) = Self.split(request.uri)
        if let refusal = gate.refusal(host: request.headers.first(name: "host"), origin: request.headers.first(name: "origin"), query: query) {
            send(.forbidden, type: "text/plain; charset=utf-8", body: "graphinspect live: refused: \(refusal)\n", context: context)
            return
        }
        guard request.method == .GET else {
            send(.methodNotAllowed, type: "text/plain; charset=utf-8", body: "only GET\n", context: context)
            return
        }
        switch path {
        case "/":
            send(.ok, type: "text/html; charset=utf-8", body: page, context: context)
        case "/events":
            streaming = true
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: "text/event-stream; charset=utf-8")
            headers.add(name: "cache-control", value: "no-store")
            headers.add(name: "x-content-type-options", value: "nosniff")
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))), promise: nil)
            hub.subscribe(context.channel, lastEventID: request.headers.first(name: "last-event-id") ?? query["lastEventId"])
        case "/details":
            guard let key = query["id"], let snapshot = hub.snapshot, let panel = ExplorerData.panel(of: key, in: snapshot) else {
                send(.notFound, type: "application/json", body: "null", context: context)
                return
            }
            send(.ok, type: "application/json", body: panel, context: context)
        case "/favicon.ico":
            send(.noContent, type: "image/x-icon", body: "", context: context)
        case "/failures":
            send(.ok, type: "application/json", body: hub.snapshot.map(ExplorerData.failures(of:)) ?? "[]", context: context)
        case "/retained":
            // `now`: the app's clock as the page reckons it, in nanoseconds.
            let now = query["now"].flatMap(UInt64.init)
            send(.ok, type: "application/json", body: hub.snapshot.map { ExplorerData.retained(of: $0, grace: LiveServer.leakGrace, now: now) } ?? "[]", context: context)
        default:
            send(.notFound, type: "text/plain; charset=utf-8", body: "not found\n", context: context)
        }
    }

    private func send(_ status: HTTPResponseStatus, type: String, body: String, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: type)
        headers.add(name: "content-length", value: "\(body.utf8.count)")
        headers.add(name: "cache-control", value: "no-store")
        headers.add(name: "x-content-type-options", value: "nosniff")
        headers.add(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head?.version ?? .http1_1, status: status, headers: headers))), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
        buffer.writeString(body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// "/details?id=c12&token=x" as "/details" and its decoded parameters.
    static func split(_ uri: String) -> (String, [String: String]) {
        guard let mark = uri.firstIndex(of: "?") else { return (uri, [:]) }
        var query: [String: String] = [:]
        for pair in uri[uri.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            if let name = parts.first { query[name] = parts.count > 1 ? parts[1] : "" }
        }
        return (String(uri[..<mark]), query)
    }
}
