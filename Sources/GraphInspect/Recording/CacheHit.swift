import CGraphInspectAtomics

/// One kind of cache hit: the lookup event every hit of it would record.
///
/// Every hit of one (requester, name, type, provider, source location) is reported with the same
/// `CacheHit`, so observers can count repeats on it instead of storing each. It carries what the
/// built-in observers need to make a repeat cheap: the trace line, encoded once, and the state of
/// the one observer that claims it (a recorder's event index and count, a trace writer's line
/// number and short repeat line). Both are set with a compare-exchange, so any number of
/// observers may see the same hit; only the first to claim it keeps state on it (others fall
/// back to their own bookkeeping).
public final class CacheHit: @unchecked Sendable {
    public let lookup: DependencyLookup

    /// An unretained-by-readers `EncodedLine`, retained by this hit once set.
    private let encodedSlot: UnsafeMutablePointer<UnsafeRawPointer?>
    /// The observer that keeps state on this hit (unretained identity), or nil.
    private let counterSlot: UnsafeMutablePointer<UnsafeRawPointer?>
    /// For the claiming observer only, under its lock: where it put this hit first (a recorder's
    /// event index, a trace writer's line number; -1 until then). The lock makes access
    /// exclusive, so Swift's dynamic check is off (as in `Locked`).
    @exclusivity(unchecked) var claimedIndex = -1
    /// For a claiming trace writer, under its lock: the bytes it writes for a repeat, kept outside
    /// any array so writing them retains nothing (empty until set).
    @exclusivity(unchecked) private(set) var repeatLine = UnsafeRawBufferPointer(start: nil, count: 0)
    /// For a claiming recorder: 1 + the event index, published once the event is in its log (0
    /// before), and the repeats since, counted without the recorder's lock.
    private let counters: UnsafeMutablePointer<Int>

    init(lookup: DependencyLookup) {
        self.lookup = lookup
        encodedSlot = .allocate(capacity: 1)
        encodedSlot.initialize(to: nil)
        counterSlot = .allocate(capacity: 1)
        counterSlot.initialize(to: nil)
        counters = .allocate(capacity: 2)
        counters.initialize(repeating: 0, count: 2)
    }

    deinit {
        if let line = graphinspect_load_acquire(encodedSlot) { Unmanaged<EncodedLine>.fromOpaque(line).release() }
        encodedSlot.deallocate()
        counterSlot.deallocate()
        counters.deallocate()
        repeatLine.deallocate()
    }

    /// Sets the repeat line (once, by the claiming trace writer, under its lock).
    func setRepeatLine(_ bytes: [UInt8]) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        repeatLine.deallocate()
        repeatLine = UnsafeRawBufferPointer(storage)
    }

    /// The recorder's event index of this hit, once published; nil before.
    var publishedIndex: Int? {
        let value = graphinspect_load_acquire_long(counters)
        return value > 0 ? value - 1 : nil
    }

    /// Publishes the recorder's event index of this hit (under the recorder's lock, once).
    func publish(index: Int) {
        graphinspect_store_release_long(counters, index + 1)
    }

    /// Counts one more repeat; safe from any thread.
    func countRepeat() {
        graphinspect_add_long(counters + 1, 1)
    }

    /// Repeats counted so far.
    var repeatCount: Int { graphinspect_load_acquire_long(counters + 1) }

    /// The trace line of this hit; `encode` runs on first use (by one thread or a few at once,
    /// all but one of whose results are dropped).
    func withEncodedLine(_ encode: () -> [UInt8]?, _ body: (UnsafeRawBufferPointer) -> Void) {
        var raw = graphinspect_load_acquire(encodedSlot)
        if raw == nil {
            guard let bytes = encode() else { return }
            let made = Unmanaged.passRetained(EncodedLine(bytes)).toOpaque()
            if graphinspect_compare_exchange(encodedSlot, nil, made) {
                raw = UnsafeRawPointer(made)
            } else {
                Unmanaged<EncodedLine>.fromOpaque(made).release()
                raw = graphinspect_load_acquire(encodedSlot)
            }
        }
        Unmanaged<EncodedLine>.fromOpaque(raw!)._withUnsafeGuaranteedRef { line in
            line.bytes.withUnsafeBytes(body)
        }
    }

    /// Whether `observer` keeps its state on this hit (claiming it if no observer has).
    func isClaimed(by observer: AnyObject) -> Bool {
        let me = UnsafeRawPointer(Unmanaged.passUnretained(observer).toOpaque())
        if let owner = graphinspect_load_acquire(counterSlot) { return owner == me }
        return graphinspect_compare_exchange(counterSlot, nil, me) || graphinspect_load_acquire(counterSlot) == me
    }
}

/// A trace line's bytes, immutable.
final class EncodedLine {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
