import Foundation
import GraphInspect
import GraphInspectPages
import GraphInspectTrace
import NIOCore

/// The run being watched, as the pages see it: every trace line accepted so far (checked by
/// `TraceStream`, as a trace file would be), the run's state, and the pages subscribed to its
/// changes. Lives on one event loop; every method is called on it.
///
/// Pages get Server-Sent Events: a page (re)connecting gets every line after its `Last-Event-ID`
/// (all of them for a new page), then each change. Changes are sent in batches, at most one per
/// 10 ms; a page that cannot keep up (its socket not writable) gets everything it missed in its
/// next batch, never a queue of old batches.
final class LiveHub: @unchecked Sendable {
    /// What the page shows above the graph.
    struct Status: Sendable {
        var state = "waiting"
        var source = ""
        var exitStatus: Int32?
        var signal: Int32?
        var refused = 0
        var dropped = 0
        /// Lines the app had sent before this run's first line: a viewer that joined mid-run.
        var joinedAfter = 0
        var lastRefusal: String?
    }

    let loop: any EventLoop
    private var stream = TraceStream(name: "live")
    private(set) var lines: [String] = []
    /// Bumped when a new run starts (a new app connects): a page's `Last-Event-ID` from the last
    /// run is not resumed.
    private(set) var run = 1
    private(set) var status = Status()
    private var subscribers: [ObjectIdentifier: Subscriber] = [:]
    private var flushScheduled = false

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// One page's event stream.
    final class Subscriber {
        let channel: any Channel
        var sent: Int
        var run: Int
        var statusSent = false

        init(channel: any Channel, from: Int, run: Int) {
            self.channel = channel
            sent = from
            self.run = run
        }
    }

    // MARK: Input

    /// A new run: forget the last one (a new app connected to `--listen`).
    func startRun(source: String) {
        loop.preconditionInEventLoop()
        if !lines.isEmpty || stream.nextLine > 1 {
            run += 1
            lines.removeAll()
            stream = TraceStream(name: "live")
        }
        status = Status(state: "running", source: source)
        changed()
    }

    /// The `--listen` connection the run's lines come from.
    private var connection: ObjectIdentifier?

    /// An app on `--listen` sent its header. The same app coming back (the header, which names
    /// its process, is this run's; its old connection is gone, or about to be found gone)
    /// continues the run; any other starts a new one. True when it continues.
    func connected(_ channel: ObjectIdentifier, header: [UInt8], source: String) -> Bool {
        loop.preconditionInEventLoop()
        connection = channel
        if ["running", "disconnected"].contains(status.state), lines.first == Self.text(header) {
            status.state = "running"
            status.source = source
            changed()
            return true
        }
        startRun(source: source)
        feed(header)
        return false
    }

    /// A `--listen` connection closed: the run says so when its lines came from it.
    func disconnected(_ channel: ObjectIdentifier) {
        loop.preconditionInEventLoop()
        guard connection == channel else { return }
        connection = nil
        ended(exitStatus: nil, signal: nil, state: "disconnected")
    }

    /// The line after an app's header. A stream that had sent lines before this connection says
    /// first how many (a gap): a continued run counts only those this server did not get; a new
    /// run joined mid-run, which the page says.
    func firstLine(_ line: [UInt8], continuing: Bool) {
        loop.preconditionInEventLoop()
        guard let missed = TraceStream.gapLength(line) else { return feed(line) }
        if continuing {
            let missing = missed - (stream.nextLine - 2)
            if missing > 0 { feed(TraceStream.gapLine(missing)) }
        } else {
            status.joinedAfter = missed
            feed(line)
        }
    }

    /// A raw CR can only be JSON whitespace (inside a string it is escaped), and it would end an
    /// event-stream line: a space says the same.
    private static func text(_ line: [UInt8]) -> String {
        String(decoding: line.map { $0 == 13 ? 32 : $0 }, as: UTF8.self)
    }

    /// One line as received (no newline). A line the trace reader would refuse is counted and
    /// never reaches a page.
    func feed(_ line: [UInt8]) {
        loop.preconditionInEventLoop()
        switch stream.feed(line) {
        case .accepted:
            lines.append(Self.text(line))
        case .gap(let count):
            status.dropped += count
            lines.append(Self.text(line))
        case .refused(let error):
            status.refused += 1
            status.lastRefusal = "\(error)"
        }
        changed()
    }

    /// A connecting app was turned away (no token, a line too long): said on the page.
    func refuseConnection(_ reason: String) {
        loop.preconditionInEventLoop()
        status.lastRefusal = reason
        changed()
    }

    func ended(exitStatus: Int32?, signal: Int32?, state: String = "exited") {
        loop.preconditionInEventLoop()
        status.state = state
        status.exitStatus = exitStatus
        status.signal = signal
        changed()
    }

    /// The graph as the lines so far describe it, made again only when lines came since.
    var snapshot: GraphSnapshot? {
        if let cached = cachedSnapshot, cached.lines == lines.count, cached.run == run { return cached.snapshot }
        let made = stream.snapshot
        cachedSnapshot = made.map { (lines.count, run, $0) }
        return made
    }

    private var cachedSnapshot: (lines: Int, run: Int, snapshot: GraphSnapshot)?

    // MARK: Pages

    /// Subscribes `channel` (its response head already written), resuming after `lastEventID`
    /// (`RUN:COUNT`) when it names this run.
    func subscribe(_ channel: any Channel, lastEventID: String?) {
        loop.preconditionInEventLoop()
        var from = 0
        if let lastEventID, let colon = lastEventID.firstIndex(of: ":"),
           Int(lastEventID[..<colon]) == run, let count = Int(lastEventID[lastEventID.index(after: colon)...]), count <= lines.count {
            from = count
        }
        let subscriber = Subscriber(channel: channel, from: from, run: run)
        subscribers[ObjectIdentifier(channel)] = subscriber
        let key = ObjectIdentifier(channel)
        channel.closeFuture.whenComplete { [weak self] _ in
            guard let hub = self else { return }
            hub.loop.execute { hub.subscribers[key] = nil }
        }
        send(to: subscriber)
    }

    /// A page's socket can take more again.
    func writable(_ channel: any Channel) {
        if let subscriber = subscribers[ObjectIdentifier(channel)] { send(to: subscriber) }
    }

    private func changed() {
        for subscriber in subscribers.values { subscriber.statusSent = false }
        guard !flushScheduled else { return }
        flushScheduled = true
        loop.scheduleTask(in: .milliseconds(10)) { [self] in
            flushScheduled = false
            for subscriber in subscribers.values { send(to: subscriber) }
        }
    }

    private func send(to subscriber: Subscriber) {
        let channel = subscriber.channel
        guard channel.isActive, channel.isWritable else { return }
        var text = ""
        if subscriber.run != run {
            subscriber.run = run
            subscriber.sent = 0
            text += "event: reset\ndata: {}\n\n"
        }
        if subscriber.sent < lines.count {
            text += "id: \(run):\(lines.count)\nevent: lines\ndata: [" + lines[subscriber.sent...].joined(separator: ",") + "]\n\n"
            subscriber.sent = lines.count
        }
        if !subscriber.statusSent {
            subscriber.statusSent = true
            text += "event: status\ndata: " + statusJSON + "\n\n"
        }
        guard !text.isEmpty else { return }
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        channel.writeAndFlush(HTTPPart.body(.byteBuffer(buffer)), promise: nil)
    }

    var statusJSON: String {
        var fields: [(key: String, value: PageJSON)] = [
            ("state", .string(status.state)), ("source", .string(status.source)),
            ("refused", .int(status.refused)), ("dropped", .int(status.dropped)), ("lines", .int(lines.count)),
        ]
        if status.joinedAfter > 0 { fields.append(("joinedAfter", .int(status.joinedAfter))) }
        if let code = status.exitStatus { fields.append(("exitStatus", .int(Int(code)))) }
        if let signal = status.signal { fields.append(("signal", .int(Int(signal)))) }
        if let refusal = status.lastRefusal { fields.append(("lastRefusal", .string(refusal))) }
        return PageJSON.object(fields).text
    }
}
