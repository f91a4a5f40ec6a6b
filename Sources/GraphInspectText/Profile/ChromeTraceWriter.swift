import GraphInspect

/// A run's spans in Chrome's Trace Event Format (the JSON object form), which Perfetto
/// (ui.perfetto.dev) and chrome://tracing open: `profile --format trace`.
///
/// - every span is a complete event (`"ph":"X"`) on its thread's track, its kind as the category,
///   its time in microseconds (to the nanosecond) from the run's first timed event;
/// - each thread is named (`thread_name` metadata: "main", "thread 2"), and the process is named
///   after the program;
/// - a lookup is linked by a flow arrow (`"ph":"s"` then `"ph":"f"`) from the span that made the
///   provider answering it (its first-use build, or its component's construction) to the lookup,
///   forward in time as the viewers draw flows;
/// - marks the app set are instant events (`"ph":"i"`, process-wide).
///
/// Written by hand, keys in a fixed order, so one recording always gives the same bytes.
public struct ChromeTraceWriter: Sendable {
    public init() {}

    public func write(_ spans: RunSpans, program: String) -> String {
        var events: [String] = []
        events.append(#"{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":\#(json(program))}}"#)
        for thread in Set(spans.spans.map(\.thread) + spans.marks.map(\.thread)).sorted() {
            events.append(#"{"name":"thread_name","ph":"M","pid":1,"tid":\#(thread),"args":{"name":\#(json(RunProfile.threadName(thread)))}}"#)
            events.append(#"{"name":"thread_sort_index","ph":"M","pid":1,"tid":\#(thread),"args":{"sort_index":\#(thread)}}"#)
        }
        for span in spans.spans {
            var args = [#""own_us":\#(microseconds(span.ownTime))"#]
            if let location = span.location { args.append(#""location":\#(json(location.description))"#) }
            if let name = span.name { args.append(#""provider":\#(json(name))"#) }
            events.append(
                #"{"name":\#(json(span.label)),"cat":\#(json(span.kind.rawValue)),"ph":"X","ts":\#(microseconds(span.start)),"#
                    + #""dur":\#(microseconds(span.duration)),"pid":1,"tid":\#(span.thread),"args":{\#(args.joined(separator: ","))}}"#
            )
        }
        for (number, flow) in flows(in: spans).enumerated() {
            let (from, to) = (spans.spans[flow.from], spans.spans[flow.to])
            events.append(#"{"name":"answers","cat":"flow","ph":"s","id":\#(number + 1),"ts":\#(microseconds(from.start)),"pid":1,"tid":\#(from.thread)}"#)
            events.append(#"{"name":"answers","cat":"flow","ph":"f","bp":"e","id":\#(number + 1),"ts":\#(microseconds(to.start)),"pid":1,"tid":\#(to.thread)}"#)
        }
        for mark in spans.marks {
            events.append(#"{"name":\#(json(mark.name)),"cat":"mark","ph":"i","s":"p","ts":\#(microseconds(mark.time)),"pid":1,"tid":\#(mark.thread)}"#)
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// For each timed lookup, the span that made the provider answering it, when one was
    /// recorded and is not nested in the lookup itself (a first lookup that made its provider).
    public func flows(in spans: RunSpans) -> [(from: Int, to: Int)] {
        // Who made each provider: a first-use build, found by the lookup that made it (or its
        // @Lazy name), else the component's construction.
        var madeBy: [String: Int] = [:]
        var constructed: [ObjectID: Int] = [:]
        for span in spans.spans {
            switch span.kind {
            case .construction:
                if let node = span.node { constructed[node] = span.index }
            case .firstUse:
                let making = spans.ancestors(of: span).last { $0.kind == .lookup }
                if let component = making?.provider ?? span.node, let name = making?.name ?? span.name {
                    madeBy["\(component.rawValue).\(name)"] = madeBy["\(component.rawValue).\(name)"] ?? span.index
                }
            default: break
            }
        }
        var flows: [(from: Int, to: Int)] = []
        for span in spans.spans where span.kind == .lookup {
            guard let provider = span.provider, let name = span.name else { continue }
            guard let source = madeBy["\(provider.rawValue).\(name)"] ?? constructed[provider], source != span.index else { continue }
            if spans.ancestors(of: spans.spans[source]).contains(where: { $0.index == span.index }) { continue }
            guard spans.spans[source].start <= span.start else { continue }
            flows.append((source, span.index))
        }
        return flows
    }

    /// Nanoseconds as microseconds with three decimals, from integers.
    private func microseconds(_ nanoseconds: UInt64) -> String {
        let fraction = String(nanoseconds % 1_000)
        return "\(nanoseconds / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private func json(_ text: String) -> String { JSONString.literal(text) }
}
