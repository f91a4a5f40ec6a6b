import Foundation
import Testing
@testable import GraphInspect
@testable import GraphInspectTrace

/// The runtime's live stream (`GRAPHINSPECT_LIVE`): the same lines as the trace file, to a viewer
/// that may be slow, absent or gone, without the app ever waiting for it.
@Suite struct LiveStreamTests {
    /// A viewer: listens on 127.0.0.1, takes one connection, keeps what it reads. `reading` false
    /// reads nothing until told to (a stalled viewer).
    final class Viewer: @unchecked Sendable {
        let port: Int
        private let socket: Int32
        private let lock = NSLock()
        private var received: [UInt8] = []
        private var connection: Int32 = -1
        private var reading: Bool

        /// `listening` false binds the port but refuses connections until `listen()`; `port` 0
        /// takes a free one.
        init(reading: Bool = true, listening: Bool = true, port wanted: Int = 0) throws {
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(wanted).bigEndian
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
            guard bound == 0, !listening || Glibc.listen(fd, 1) == 0 else { throw CocoaError(.fileWriteUnknown) }
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
            socket = fd
            port = Int(UInt16(bigEndian: address.sin_port))
            self.reading = reading
            if listening { Thread.detachNewThread { [self] in serve() } }
        }

        private func serve() {
            let accepted = accept(socket, nil, nil)
            lock.withLock { connection = accepted }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                if !lock.withLock({ reading }) { usleep(5_000); continue }
                let count = read(accepted, &chunk, chunk.count)
                if count <= 0 { break }
                lock.withLock { received += chunk[0..<count] }
            }
        }

        func startReading() { lock.withLock { reading = true } }
        func listen() {
            _ = Glibc.listen(socket, 1)
            Thread.detachNewThread { [self] in serve() }
        }
        var text: String { lock.withLock { String(decoding: received, as: UTF8.self) } }
        var connected: Bool { lock.withLock { connection >= 0 } }

        func close() {
            // shutdown first: a close alone does not end the serving thread's read, nor send a FIN.
            lock.withLock { if connection >= 0 { shutdown(connection, Int32(SHUT_RDWR)); Glibc.close(connection) } }
            Glibc.close(socket)
        }

        /// Waits until `condition` holds of what was read, up to 10 s.
        func wait(until condition: (String) -> Bool) -> Bool {
            for _ in 0..<1_000 {
                if condition(text) { return true }
                usleep(10_000)
            }
            return false
        }
    }

    static let created = GraphEvent.created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root", providers: []))
    static func lookup(_ index: Int) -> GraphEvent {
        .lookup(DependencyLookup(requester: ObjectID(1), name: "name\(index)", type: "App.A", walk: [ObjectID(1)], provider: ObjectID(1), cacheHit: false))
    }

    @Test func addressesAreTokenAtHostColonPort() throws {
        let plain = try #require(LiveStream(address: "127.0.0.1:9", startingThread: false))
        #expect(plain.host == "127.0.0.1" && plain.port == "9" && plain.token == nil)
        let tokened = try #require(LiveStream(address: "s3cret@192.168.1.20:9301", startingThread: false))
        #expect(tokened.host == "192.168.1.20" && tokened.port == "9301" && tokened.token == "s3cret")
        let six = try #require(LiveStream(address: "[::1]:9301", startingThread: false))
        #expect(six.host == "::1")
        for bad in ["", "localhost", "host:", "host:0", "host:70000", ":9301", "two words@host:1"] {
            #expect(LiveStream(address: bad, startingThread: false) == nil, "\(bad)")
        }
    }

    /// What the viewer reads is the trace file, line for line, after the greeting.
    @Test func theViewerGetsTheTraceFilesLines() throws {
        let viewer = try Viewer()
        defer { viewer.close() }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stream = try #require(LiveStream(address: "tok@127.0.0.1:\(viewer.port)"))
        #expect(stream.waitUntilConnected(seconds: 10))
        do {
            let writer = try TraceFileWriter(path: path, live: stream)
            writer.record(Self.created)
            for index in 0..<1_000 { writer.record(Self.lookup(index)) }
        }
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(viewer.wait { $0.hasSuffix("\"name999\",\"type\":\"App.A\",\"walk\":[1],\"provider\":1,\"cacheHit\":false}\n") })
        #expect(viewer.text == "graphinspect-live tok\n" + file)
    }

    /// A viewer that does not read: the app goes on (its writes never wait), the lines that do
    /// not fit are counted, and the stream says how many before the next line it sends.
    @Test func aStalledViewerCostsLinesNotTime() throws {
        let viewer = try Viewer(reading: false)
        defer { viewer.close() }
        let stream = try #require(LiveStream(address: "127.0.0.1:\(viewer.port)", capacity: 64 << 10))
        #expect(stream.waitUntilConnected(seconds: 10))
        let writer = TraceFileWriter(live: stream)
        writer.record(Self.created)
        // Far more than the socket's buffers and the stream's 64 KiB hold.
        for index in 0..<200_000 { writer.record(Self.lookup(index)) }
        #expect(stream.droppedSoFar > 0)
        viewer.startReading()
        // Once the viewer has caught up, the next line goes, after the count of those dropped.
        for _ in 0..<1_000 where stream.bufferedBytes > 0 { usleep(10_000) }
        writer.record(Self.lookup(-1))
        #expect(viewer.wait { $0.contains("\"name-1\"") })
        // Every line is either received or counted as dropped, in notices where the gaps are.
        let lines = viewer.text.split(separator: "\n").dropFirst(2)
        let gaps = lines.filter { $0.hasPrefix(#"{"event":"dropped","lines":"#) }
        let dropped = gaps.map { Int($0.drop { !$0.isNumber }.prefix { $0.isNumber }) ?? 0 }.reduce(0, +)
        #expect(!gaps.isEmpty)
        #expect(lines.count - gaps.count + dropped == 200_002)
    }

    /// Nobody listening yet: the app runs as without a viewer, the buffer keeps the run's
    /// beginning and counts the rest; a viewer that comes later gets that beginning, then the gap.
    /// (The same holds for an app's first lines, made before the stream's thread has connected:
    /// CI lost a sample's root component that way when they were dropped.)
    @Test func aLateViewerGetsTheBeginningAndTheGap() throws {
        let viewer = try Viewer(listening: false)
        defer { viewer.close() }
        let stream = try #require(LiveStream(address: "127.0.0.1:\(viewer.port)", capacity: 64 << 10))
        let writer = TraceFileWriter(live: stream)
        writer.record(Self.created)
        for index in 0..<10_000 { writer.record(Self.lookup(index)) }
        let kept = stream.bufferedBytes
        #expect(kept > 0 && kept <= 32 << 10)
        let dropped = stream.droppedSoFar
        #expect(dropped > 0 && dropped < 10_001)
        viewer.listen()
        #expect(viewer.wait { $0.hasSuffix("{\"event\":\"dropped\",\"lines\":\(dropped)}\n") }, "\(viewer.text.suffix(200))")
        let lines = viewer.text.split(separator: "\n").dropFirst(2)
        #expect(lines.count == 10_001 - dropped + 1)
        #expect(lines.first?.contains("App.Root") == true)
        #expect(lines.dropFirst().dropLast().enumerated().allSatisfy { $1.contains("\"name\($0)\"") })
    }

    /// The viewer goes away while the app is idle (the server was stopped) and another comes on
    /// the same port: the lines made in between are kept, not sent into the closed socket, and
    /// the new viewer is first told how many lines it missed.
    @Test func aViewerThatComesBackIsToldWhatItMissed() throws {
        let first = try Viewer()
        let stream = try #require(LiveStream(address: "127.0.0.1:\(first.port)"))
        let writer = TraceFileWriter(live: stream)
        writer.record(Self.created)
        for index in 0..<10 { writer.record(Self.lookup(index)) }
        #expect(first.wait { $0.contains("\"name9\"") })
        first.close()
        usleep(50_000)
        for index in 10..<15 { writer.record(Self.lookup(index)) }
        let second = try Viewer(port: first.port)
        defer { second.close() }
        #expect(second.wait { $0.contains("\"name14\"") }, "\(second.text)")
        let lines = second.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + 1 + 5)
        #expect(lines.dropFirst().first?.hasPrefix(#"{"format":"graphinspect-trace""#) == true)
        #expect(lines.dropFirst(2).first == #"{"event":"dropped","lines":11}"#)
        #expect(lines.dropFirst(3).enumerated().allSatisfy { $1.contains("\"name\($0 + 10)\"") })
    }

    /// A live stream's gap moves the line count on, so a `repeated` line after it still names
    /// the right line; a malformed line in between is refused and changes nothing.
    @Test func theTraceStreamReadsGapsAndRefusesBadLines() throws {
        var stream = TraceStream(name: "live")
        func feed(_ text: String) -> TraceStream.Outcome { stream.feed(Array(text.utf8)) }
        #expect(feed(#"{"format":"graphinspect-trace","version":2}"#) == .accepted)
        #expect(feed(#"{"event":"created","id":1,"kind":"component","type":"App.Root","providers":[]}"#) == .accepted)
        #expect(feed(#"{"event":"dropped","lines":5}"#) == .gap(5))
        // Line 8: a cache hit, then its repeat naming line 8.
        #expect(feed(#"{"event":"lookup","requester":1,"name":"a","type":"App.A","walk":[1],"provider":1,"cacheHit":true}"#) == .accepted)
        guard case .refused = feed(#"{"event":"created","id":2,"kind":"component","type":"App.X","parent":99,"providers":[]}"#) else {
            Issue.record("a line naming an unknown parent was accepted")
            return
        }
        guard case .refused = feed("<script>alert(1)</script>") else {
            Issue.record("a line that is not JSON was accepted")
            return
        }
        #expect(feed(#"{"event":"repeated","line":8}"#) == .accepted)
        #expect(stream.refused == 2 && stream.dropped == 5, "\(stream.refused) \(stream.dropped)")
        let snapshot = try #require(stream.snapshot)
        #expect(snapshot.nodes.map(\.id) == [ObjectID(1)])
        #expect(snapshot.lookups.count == 1 && snapshot.lookups.first?.repeats == 1)
    }
}
