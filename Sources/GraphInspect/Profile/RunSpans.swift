/// Every timed span of a recorded run, nested per thread: what `graphinspect profile`, the
/// Chrome trace, the timeline picture and the cost rules read.
///
/// Made from the events alone, so a running app's recording, a trace and `dump --format json
/// --times` give the same spans. A recording without times (a trace written before version 4,
/// JSON written without `--times`) has none.
public struct RunSpans: Sendable, Equatable {
    /// Ordered by start, then longest first, then as recorded; `ProfileSpan.index` is the place.
    public private(set) var spans: [ProfileSpan] = []
    /// The `RecordingClock` reading that is 0 here: the run's first timed event.
    public private(set) var origin: UInt64 = 0
    /// The moments the app marked (`GraphRecord.mark`), in order, from `origin`.
    public private(set) var marks: [(name: String, time: UInt64, thread: UInt32, event: Int)] = []
    /// When the root component was made (the first component made with no parent), from
    /// `origin`, and on which thread; nil when no root was made under recording.
    public private(set) var rootMade: (time: UInt64, thread: UInt32, node: ObjectID, label: String)?
    /// The latest moment the graph did something (a span ended, a node was made, a module
    /// attached or a mark set), from `origin`: releases and the end at exit are not counted.
    public private(set) var lastActivity: UInt64 = 0

    public static func == (a: RunSpans, b: RunSpans) -> Bool {
        a.spans == b.spans && a.origin == b.origin && a.lastActivity == b.lastActivity
            && a.marks.map(\.name) == b.marks.map(\.name) && a.marks.map(\.time) == b.marks.map(\.time)
    }

    public init(_ snapshot: GraphSnapshot) {
        origin = Self.firstTime(in: snapshot.events) ?? 0
        var builder = Builder(snapshot: snapshot, origin: origin)
        for (index, event) in snapshot.events.enumerated() { builder.apply(event, at: index) }
        spans = Self.nested(builder.spans)
        marks = builder.marks
        rootMade = builder.rootMade
        lastActivity = builder.lastActivity
    }

    /// The app's main thread, as far as the run tells: the one that made the root component (the
    /// process's main thread in an app; a test's own thread in a test), else the process's.
    public var mainThread: UInt32 { rootMade?.thread ?? RecordingThread.main }

    /// Whether the recording carried any times at all.
    public var isTimed: Bool { !spans.isEmpty || rootMade != nil || !marks.isEmpty }

    /// The spans on `thread` longer than `limit` with no span nested in them over it too: the
    /// one that did the work, not every span around it (the budget's culprits, and the
    /// `max-main-thread-ms` rule's findings).
    public func deepest(over limit: UInt64, on thread: UInt32) -> [ProfileSpan] {
        var overChild = Set<Int>()
        for span in spans where span.duration > limit { if let parent = span.parent { overChild.insert(parent) } }
        return spans.filter { $0.thread == thread && $0.duration > limit && !overChild.contains($0.index) }
    }

    /// Where `span` is written, else the nearest span around it that says (a first-use build
    /// has no line; its lookup or its builder's `attach` does).
    public func nearestLocation(of span: ProfileSpan) -> SourceLocation? {
        span.location ?? ancestors(of: span).last { $0.location != nil }?.location
    }

    /// The chain of spans enclosing `span`, outermost first.
    public func ancestors(of span: ProfileSpan) -> [ProfileSpan] {
        var chain: [ProfileSpan] = []
        var current = span.parent
        while let index = current {
            chain.append(spans[index])
            current = spans[index].parent
        }
        return chain.reversed()
    }

    private static func firstTime(in events: [GraphEvent]) -> UInt64? {
        var first: UInt64?
        func saw(_ time: UInt64?) { if let time { first = min(first ?? time, time) } }
        for event in events {
            switch event {
            case .created(let created): saw(created.time)
            case .builderStarted(let started): saw(started.time)
            case .moduleAttached(let attachment): saw(attachment.time)
            case .lookup(let lookup) where lookup.duration != nil: saw(lookup.time)
            case .sharedCreated(let shared): saw(shared.time)
            case .moduleLookup(let lookup): saw(lookup.time)
            case .marked(let mark): saw(mark.time)
            default: break
            }
        }
        return first
    }

    /// `spans` ordered and nested: on each thread, a span's parent is the innermost earlier span
    /// that contains it.
    private static func nested(_ unordered: [ProfileSpan]) -> [ProfileSpan] {
        var ordered = unordered.sorted { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.duration != b.duration { return a.duration > b.duration }
            return a.event < b.event
        }
        for index in ordered.indices { ordered[index].index = index }
        var open: [UInt32: [Int]] = [:]
        var childTime = [UInt64](repeating: 0, count: ordered.count)
        for index in ordered.indices {
            let span = ordered[index]
            var stack = open[span.thread] ?? []
            while let top = stack.last, ordered[top].end < span.end {
                stack.removeLast()
            }
            if let top = stack.last {
                ordered[index].parent = top
                childTime[top] &+= span.duration
            }
            stack.append(index)
            open[span.thread] = stack
        }
        for index in ordered.indices {
            ordered[index].ownTime = ordered[index].duration > childTime[index] ? ordered[index].duration - childTime[index] : 0
        }
        return ordered
    }

    /// One pass over the events, opening builder runs and closing spans as they come.
    private struct Builder {
        let snapshot: GraphSnapshot
        let origin: UInt64
        var spans: [ProfileSpan] = []
        var marks: [(name: String, time: UInt64, thread: UInt32, event: Int)] = []
        var rootMade: (time: UInt64, thread: UInt32, node: ObjectID, label: String)?
        var lastActivity: UInt64 = 0
        /// Builder runs started and not finished, by run id.
        var running: [ObjectID: (started: BuilderStarted, time: UInt64, thread: UInt32)] = [:]
        /// Per thread, the runs open on it, innermost last.
        var runsOn: [UInt32: [ObjectID]] = [:]
        /// Per thread, the latest moment it recorded (a span's start or end, a creation).
        var lastMark: [UInt32: UInt64] = [:]

        init(snapshot: GraphSnapshot, origin: UInt64) {
            self.snapshot = snapshot
            self.origin = origin
        }

        func relative(_ time: UInt64) -> UInt64 { time >= origin ? time - origin : 0 }

        func label(_ id: ObjectID) -> String { RetainedAfterDetach.label(id, in: snapshot) }

        func type(_ id: ObjectID?) -> String { id.flatMap { snapshot.node($0)?.shortType } ?? "?" }

        func qualifiedType(_ id: ObjectID?) -> String { id.flatMap { snapshot.node($0)?.type } ?? "?" }

        mutating func saw(_ time: UInt64, on thread: UInt32) {
            lastMark[thread] = max(lastMark[thread] ?? 0, time)
            lastActivity = max(lastActivity, time)
        }

        mutating func add(
            _ kind: ProfileSpan.Kind, _ label: String, group: String, type: String? = nil, start: UInt64, duration: UInt64, thread: UInt32,
            node: ObjectID?, event: Int, provider: ObjectID? = nil, name: String? = nil, location: SourceLocation? = nil
        ) {
            spans.append(ProfileSpan(
                index: spans.count, kind: kind, label: label, group: group, type: type ?? qualifiedType(node), start: start, duration: duration, ownTime: duration,
                thread: thread, parent: nil, node: node, nodeType: node.flatMap { snapshot.node($0)?.shortType }, provider: provider, name: name, location: location, event: event
            ))
            saw(start &+ duration, on: thread)
        }

        mutating func apply(_ event: GraphEvent, at index: Int) {
            switch event {
            case .builderStarted(let started):
                guard let time = started.time.map(relative), let thread = started.thread else { return }
                running[started.run] = (started, time, thread)
                runsOn[thread, default: []].append(started.run)
                saw(time, on: thread)
            case .builderFinished(let finished):
                guard let (started, start, thread) = running.removeValue(forKey: finished.run), let end = finished.time.map(relative) else { return }
                runsOn[thread]?.removeAll { $0 == finished.run }
                let builder = ShortTypeName.of(started.builder)
                add(.builder, "\(builder) builds \(label(finished.module))", group: builder, type: started.builder, start: start,
                    duration: end >= start ? end - start : 0, thread: thread, node: finished.module, event: index, location: started.location)
            case .created(let created):
                guard let time = created.time.map(relative), let thread = created.thread else { return }
                if created.kind == .component, created.parent == nil, rootMade == nil { rootMade = (time, thread, created.id, label(created.id)) }
                // Bracketed only inside a builder's run: outside one, the gap since the thread's
                // last event is the app's own time (idle, or work graphinspect does not see).
                if let run = runsOn[thread]?.last, let open = running[run] {
                    let start = max(open.time, lastMark[thread] ?? open.time)
                    add(.construction, "\(label(created.id)) made", group: ShortTypeName.of(created.type),
                        start: start, duration: time >= start ? time - start : 0, thread: thread, node: created.id, event: index)
                } else {
                    saw(time, on: thread)
                }
            case .moduleAttached(let attachment):
                if let time = attachment.time, let thread = attachment.thread { saw(relative(time), on: thread) }
            case .lookup(let lookup):
                guard let time = lookup.time.map(relative), let duration = lookup.duration, let thread = lookup.thread else { return }
                let answer = lookup.provider.map { " <- \(label($0))" } ?? ""
                add(.lookup, "\(lookup.name): \(ShortTypeName.of(lookup.type)) by \(label(lookup.requester))\(answer)",
                    group: "\(type(lookup.provider)).\(lookup.name)", start: time, duration: duration, thread: thread,
                    node: lookup.requester, event: index, provider: lookup.provider, name: lookup.name, location: lookup.location)
            case .sharedCreated(let shared):
                guard let time = shared.time.map(relative), let duration = shared.duration, let thread = shared.thread else { return }
                let what = shared.form == .lazy
                    ? "@Lazy \(shared.name ?? "?"): \(ShortTypeName.of(shared.type))"
                    : "shared \(ShortTypeName.of(shared.type))"
                add(.firstUse, "\(what) in \(label(shared.component))", group: "\(type(shared.component)).\(shared.name ?? ShortTypeName.of(shared.type))",
                    start: time, duration: duration, thread: thread, node: shared.component, event: index, name: shared.name)
            case .moduleLookup(let lookup):
                guard let time = lookup.time.map(relative), let duration = lookup.duration, let thread = lookup.thread else { return }
                add(.moduleLookup, "\(lookup.target.rawValue) \(Quoted.string(lookup.key)) by \(label(lookup.requester))",
                    group: "\(lookup.target.rawValue) \(lookup.key)", start: time, duration: duration, thread: thread,
                    node: lookup.requester, event: index)
            case .marked(let mark):
                let time = relative(mark.time)
                marks.append((mark.name, time, mark.thread, index))
                saw(time, on: mark.thread)
            case .moduleDetached, .routerAttached, .released, .linked, .held, .ended:
                break
            }
        }
    }
}
