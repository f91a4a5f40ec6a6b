import CGraphInspectAtomics

/// What a component has resolved, by (name, type): read on every lookup from any thread without
/// a lock or a reference-count change, written once per (name, type).
///
/// An insert-only open-addressing hash table. Readers load the published table and its slots with
/// acquire loads and read entries through unretained references; the writer (one at a time,
/// under a mutex) fills an empty slot with a release store, or builds a table twice the size and
/// publishes it. Entries and every table ever published stay alive until the cache goes away, so
/// a reader still walking an old table never touches freed memory; tables double, so the old
/// ones together are never bigger than the current one.
///
/// Why not a reader-writer lock: its reader count is one cache line every reading thread writes,
/// so eight threads hitting one component's cache ran no faster than one (docs/performance.md).
final class LookupCache<Value: AnyObject>: @unchecked Sendable {
    /// One cached (name, type) and its value; immutable once published.
    private final class Entry {
        let name: String
        let type: ObjectIdentifier
        let hash: Int
        let value: Value

        init(name: String, type: ObjectIdentifier, hash: Int, value: Value) {
            self.name = name
            self.type = type
            self.hash = hash
            self.value = value
        }
    }

    /// A power-of-two array of slots, each nil or an unretained `Entry`.
    private final class Table {
        let mask: Int
        let slots: UnsafeMutablePointer<UnsafeRawPointer?>
        /// Entries stored (the writer's count; readers never read it).
        var count = 0

        init(capacity: Int) {
            mask = capacity - 1
            slots = .allocate(capacity: capacity)
            slots.initialize(repeating: nil, count: capacity)
        }

        deinit {
            slots.deinitialize(count: mask + 1)
            slots.deallocate()
        }

        /// The entry for (name, type), if stored; safe from any thread.
        @inline(__always)
        func find(_ name: String, _ type: ObjectIdentifier, hash: Int) -> Unmanaged<Entry>? {
            var index = hash & mask
            while let raw = graphinspect_load_acquire(slots + index) {
                let entry = Unmanaged<Entry>.fromOpaque(raw)
                let matches = entry._withUnsafeGuaranteedRef { $0.hash == hash && $0.type == type && $0.name == name }
                if matches { return entry }
                index = (index + 1) & mask
            }
            return nil
        }

        /// Stores `entry` in the first empty slot of its probe sequence. Writer only.
        func insert(_ entry: Entry) {
            var index = entry.hash & mask
            while graphinspect_load_acquire(slots + index) != nil { index = (index + 1) & mask }
            graphinspect_store_release(slots + index, UnsafeRawPointer(Unmanaged.passUnretained(entry).toOpaque()))
            count += 1
        }
    }

    /// What the writer owns: every entry and every table, kept until deinit.
    private struct Owned {
        var entries: [Entry] = []
        var tables: [Table] = []
    }

    /// The table readers use: an unretained `Table`, or nil before the first insert.
    private let published: UnsafeMutablePointer<UnsafeRawPointer?>
    private let owned = Locked(Owned())

    init() {
        published = .allocate(capacity: 1)
        published.initialize(to: nil)
    }

    deinit {
        published.deinitialize(count: 1)
        published.deallocate()
    }

    /// FNV-1a over the name's bytes, mixed with the type's address: cheaper than `Hasher` (which
    /// seeds and finalises SipHash on every lookup), and names come from code, not from input.
    @inline(__always)
    private static func hash(_ name: String, _ type: ObjectIdentifier) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash ^= UInt64(UInt(bitPattern: type)) &* 0x9e37_79b9_7f4a_7c15
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The entry cached for (name, type), unretained (the cache keeps it alive while it lives);
    /// nil if none.
    @inline(__always)
    func entry(_ name: String, _ type: ObjectIdentifier) -> Unmanaged<Value>? {
        guard let raw = graphinspect_load_acquire(published) else { return nil }
        let hash = Self.hash(name, type)
        return Unmanaged<Table>.fromOpaque(raw)._withUnsafeGuaranteedRef { table in
            table.find(name, type, hash: hash).map { entry in
                entry._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.value) }
            }
        }
    }

    /// Stores `value` for (name, type) unless another thread stored one first; returns the value
    /// the cache holds for it.
    @discardableResult
    func insert(_ name: String, _ type: ObjectIdentifier, _ value: Value) -> Value {
        let hash = Self.hash(name, type)
        return owned.withLock { owned in
            if let table = owned.tables.last, let existing = table.find(name, type, hash: hash) {
                return existing.takeUnretainedValue().value
            }
            let entry = Entry(name: name, type: type, hash: hash, value: value)
            owned.entries.append(entry)
            var table = owned.tables.last
            if table == nil || (table!.count + 1) * 2 > table!.mask + 1 {
                // Keep the load under a half: probes stay short. The new table is filled before
                // it is published, so readers see either the old one or the new one whole.
                let grown = Table(capacity: max(8, (table.map { $0.mask + 1 } ?? 4) * 2))
                for old in owned.entries.dropLast() { grown.insert(old) }
                owned.tables.append(grown)
                graphinspect_store_release(published, UnsafeRawPointer(Unmanaged.passUnretained(grown).toOpaque()))
                table = grown
            }
            table!.insert(entry)
            return value
        }
    }
}
