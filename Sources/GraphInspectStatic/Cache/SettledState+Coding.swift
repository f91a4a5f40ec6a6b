import GraphInspectCheckContract

/// How the check cache writes an analysis's fixed point (`SettledState`). Sets and dictionaries
/// are written in the order they hold them (sorting a few hundred thousand slots would cost
/// every save for bytes only read back into sets). Anything cut short, out of range or of an
/// unknown kind throws: the run then reads from nothing.
extension SettledState {
    func write(to out: inout CacheBytesWriter) {
        out.array(sites) { out, site in
            out.string(site.type)
            out.optional(site.position) { $0.write($1) }
            out.optional(site.text) { $0.string($1) }
        }
        out.int(slots.count)
        for (slot, values) in slots {
            out.write(slot)
            out.write(ids: values)
        }
        out.array(Array(closures)) { out, entry in
            let (id, closure) = entry
            out.int(id)
            out.array(closure.parameters) { $0.string($1) }
            out.int(closure.function)
            out.int(closure.context)
            out.write(closure.result)
        }
        out.array(Array(initializerContexts)) { out, entry in
            out.int(entry.key)
            out.write(ids: entry.value)
        }
        out.array(Array(initializerContextsBySite)) { out, entry in
            out.int(entry.key)
            out.array(entry.value) { $0.int($1) }
        }
        out.array(Array(sitesByType)) { out, entry in
            out.string(entry.key)
            out.array(entry.value) { $0.int($1) }
        }
        out.array(known) { $0.write($1) }
        out.array(Array(settledNotes)) { $0.write($1) }
        if let functions = records.functions, let encoded = records.encoded {
            out.bool(true)
            out.array(functions) { $0.int($1) }
            out.raw(encoded)
        } else {
            out.bool(false)
        }
        out.array(Array(constructed)) { $0.string($1) }
        out.optional(index) { out, index in
            out.int(index.functionCount)
            out.array(index.functionBase.keys.sorted()) { out, file in
                out.int(file)
                out.int(index.functionBase[file] ?? 0)
            }
            out.array(index.files.keys.sorted()) { out, name in
                out.string(name)
                out.array(index.files[name] ?? []) { $0.int($1) }
            }
        }
    }

    static func read(from input: inout CacheBytesReader) throws -> SettledState {
        let sites = try input.array { input in
            FlowAnalysis.Site(type: try input.string(), position: try input.optional { try $0.position() }, text: try input.optional { try $0.string() })
        }
        func site(_ id: Int) throws -> Int {
            guard sites.indices.contains(id) else { throw CacheBytesReader.Malformed() }
            return id
        }
        var slots: [FlowAnalysis.Slot: Set<Int>] = [:]
        let slotCount = try input.count(each: 3)
        slots.reserveCapacity(slotCount)
        for _ in 0..<slotCount {
            let slot = try input.slot()
            slots[slot] = try input.ids(below: sites.count)
        }
        var closures: [Int: FlowAnalysis.ClosureMade] = [:]
        let closureCount = try input.count(each: 4)
        closures.reserveCapacity(closureCount)
        for _ in 0..<closureCount {
            let id = try site(try input.int())
            closures[id] = FlowAnalysis.ClosureMade(
                parameters: try input.array { try $0.string() }, function: try input.int(), context: try input.int(), result: try input.slot()
            )
        }
        var initializerContexts: [Int: Set<Int>] = [:]
        for _ in 0..<(try input.count(each: 2)) {
            initializerContexts[try input.int()] = try input.ids(below: sites.count)
        }
        var initializerContextsBySite: [Int: [Int]] = [:]
        for _ in 0..<(try input.count(each: 2)) {
            initializerContextsBySite[try site(try input.int())] = try input.array { try $0.int() }
        }
        var sitesByType: [String: [Int]] = [:]
        for _ in 0..<(try input.count(each: 2)) {
            sitesByType[try input.string()] = try input.array { try site(try $0.int()) }
        }
        let known = try input.array { try $0.step() }
        let notes = Set(try input.array { try $0.note() })
        let records = try input.optional { input in
            UnreachedRecords(functions: try input.array { try $0.int() }, encoded: try input.raw())
        } ?? UnreachedRecords(nil)
        let constructed = Set(try input.array { try $0.string() })
        let index = try input.optional { input in
            let functionCount = try input.int()
            var functionBase: [Int: Int] = [:], files: [String: [Int]] = [:]
            let bases = try input.count(each: 2)
            functionBase.reserveCapacity(bases)
            for _ in 0..<bases {
                let file = try input.int()
                functionBase[file] = try input.int()
            }
            let names = try input.count(each: 2)
            files.reserveCapacity(names)
            for _ in 0..<names {
                let name = try input.string()
                files[name] = try input.array { try $0.int() }
            }
            return ReadingIndex(functionCount: functionCount, functionBase: functionBase, files: files)
        }
        return SettledState(
            sites: sites, slots: slots, closures: closures, initializerContexts: initializerContexts,
            initializerContextsBySite: initializerContextsBySite, sitesByType: sitesByType, known: known, settledNotes: notes,
            records: records, constructed: constructed, index: index
        )
    }

    /// A note's lookup kind as a byte.
    enum LookupCode: UInt8 {
        case noLookup, dependency, module, attachment

        init(_ kind: FlowAnalysis.Unresolved.LookupKind?) {
            switch kind {
            case nil: self = .noLookup
            case .dependency: self = .dependency
            case .module: self = .module
            case .attachment: self = .attachment
            }
        }

        var kind: FlowAnalysis.Unresolved.LookupKind? {
            switch self {
            case .noLookup: nil
            case .dependency: .dependency
            case .module: .module
            case .attachment: .attachment
            }
        }
    }
}

extension CacheBytesWriter {
    mutating func write(_ slot: FlowAnalysis.Slot) {
        switch slot {
        case .parameter(let function, let context, let name):
            byte(0)
            int(function)
            int(context)
            string(name)
        case .local(let function, let context, let name):
            byte(1)
            int(function)
            int(context)
            string(name)
        case .field(let site, let name):
            byte(2)
            int(site)
            string(name)
        case .result(let function, let context):
            byte(3)
            int(function)
            int(context)
        case .closureResult(let function, let context, let position):
            byte(4)
            int(function)
            int(context)
            write(position)
        }
    }

    /// Site numbers, ascending, each written as its distance from the one before.
    mutating func write(ids: Set<Int>) {
        int(ids.count)
        var last = 0
        for id in ids.sorted() {
            int(id - last)
            last = id
        }
    }

    mutating func write(_ step: FlowAnalysis.Step) {
        switch step {
        case .function(let id, let context):
            byte(0)
            int(id)
            int(context)
        case .properties(let site):
            byte(1)
            int(site)
        case .graph:
            byte(2)
        }
    }

    mutating func write(_ note: FlowAnalysis.Unresolved) {
        write(note.position)
        string(note.message)
        bool(note.assumed)
        byte(SettledState.LookupCode(note.lookup).rawValue)
        bool(note.givenByCaller)
    }

    mutating func write(_ record: FlowAnalysis.UnreachedRecord) {
        array(Array(record.lookups)) { out, lookup in
            out.int(lookup.requester)
            out.string(lookup.name)
            out.optional(lookup.type) { $0.write($1) }
            out.write(lookup.position)
        }
        array(Array(record.moduleLookups)) { out, lookup in
            out.int(lookup.holder)
            out.string(lookup.key)
            out.bool(lookup.target == .router)
            out.write(lookup.position)
        }
        array(Array(record.propertyReads)) { out, read in
            out.int(read.receiver)
            out.string(read.name)
            out.optional(read.type) { $0.write($1) }
            out.write(read.position)
            out.optional(read.declared) { $0.string($1) }
        }
        array(Array(record.pendingNotes)) { $0.write($1) }
        array(Array(record.definiteNotes)) { $0.write($1) }
        array(Array(record.reached)) { $0.write($1) }
        array(Array(record.closureCycles)) { out, cycle in
            out.write(cycle.position)
            out.string(cycle.receiver)
            out.string(cycle.property)
            out.string(cycle.type)
        }
    }
}

extension CacheBytesReader {
    mutating func slot() throws -> FlowAnalysis.Slot {
        switch try byte() {
        case 0: .parameter(function: try int(), context: try int(), name: try string())
        case 1: .local(function: try int(), context: try int(), name: try string())
        case 2: .field(site: try int(), name: try string())
        case 3: .result(function: try int(), context: try int())
        case 4: .closureResult(function: try int(), context: try int(), position: try position())
        default: throw Malformed()
        }
    }

    /// Site numbers written by `write(ids:)`, each below `count`.
    mutating func ids(below count: Int) throws -> Set<Int> {
        let n = try self.count()
        var ids = Set<Int>(minimumCapacity: n)
        var last = 0
        for _ in 0..<n {
            let gap = try int()
            guard gap >= 0 else { throw Malformed() }
            last += gap
            guard last < count else { throw Malformed() }
            ids.insert(last)
        }
        return ids
    }

    mutating func step() throws -> FlowAnalysis.Step {
        switch try byte() {
        case 0: .function(id: try int(), context: try int())
        case 1: .properties(site: try int())
        case 2: .graph
        default: throw Malformed()
        }
    }

    mutating func note() throws -> FlowAnalysis.Unresolved {
        let position = try position(), message = try string(), assumed = try bool()
        let lookup = try code(SettledState.LookupCode.self).kind
        return FlowAnalysis.Unresolved(position: position, message: message, assumed: assumed, lookup: lookup, givenByCaller: try bool())
    }

    mutating func unreachedRecord() throws -> FlowAnalysis.UnreachedRecord {
        let lookups = try array { input in
            FlowAnalysis.DependencyLookup(requester: try input.int(), name: try input.string(), type: try input.optional { try $0.writtenType() }, position: try input.position())
        }
        let moduleLookups = try array { input in
            FlowAnalysis.ModuleLookup(holder: try input.int(), key: try input.string(), target: try input.bool() ? .router : .module, position: try input.position())
        }
        let propertyReads = try array { input in
            FlowAnalysis.PropertyRead(
                receiver: try input.int(), name: try input.string(), type: try input.optional { try $0.writtenType() }, position: try input.position(),
                declared: try input.optional { try $0.string() }
            )
        }
        return FlowAnalysis.UnreachedRecord(
            lookups: Set(lookups), moduleLookups: Set(moduleLookups), propertyReads: Set(propertyReads),
            pendingNotes: Set(try array { try $0.note() }), definiteNotes: Set(try array { try $0.note() }),
            reached: Set(try array { try $0.position() }),
            closureCycles: Set(try array { input in
                FlowAnalysis.ClosureCycle(position: try input.position(), receiver: try input.string(), property: try input.string(), type: try input.string())
            })
        )
    }
}
