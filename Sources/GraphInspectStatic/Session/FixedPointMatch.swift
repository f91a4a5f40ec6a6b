import GraphInspectCheckContract

/// The fixed point an analysis settled at before a property edit, matched to the one a new
/// analysis of the files after it settled at: each site of the old one that the new one has (a
/// site is named by its type, where it is made, moved by the edit, and the context it is made in),
/// when the two are the same but for what only the edit's properties lead to.
///
/// That part, the edit's own, is every slot of a site or context only one of them has (what a
/// changed property's value makes, and all that runs for it), the fields of the changed names,
/// and what is made inside a changed property's value. Everything else must be equal: the slots,
/// the steps known and the closures made. Then code that names none of the changed properties
/// cannot reach that part (only their names lead into it, and no slot outside it holds a site of
/// it), so it runs the same at both fixed points, with the sites renamed: what a function nothing
/// reaches recorded in the old analysis's last pass (`FlowAnalysis.UnreachedRecord`) is what it
/// records in the new one's (`recordsRenamed`).
struct FixedPointMatch {
    /// By each site of the old analysis, the same site in the new one (nil: the edit's own).
    private let renamed: [Int?]
    private let file: String
    private let edit: PropertyEdit

    /// Nil when the two fixed points differ beyond the edit's own part. `new` has settled and not
    /// recorded; `old` has recorded, and its last pass left its fixed point as it was.
    init?(old: FlowAnalysis, new: FlowAnalysis, edit: PropertyEdit, file: String) {
        guard !old.recordChangedState, let settled = old.settledSize else { return nil }
        self.file = file
        self.edit = edit
        var renamed: [Int?] = Array(repeating: nil, count: settled.sites)
        if settled.sites > 0 { renamed[0] = FlowAnalysis.nilSite }
        var isOld = Array(repeating: false, count: new.sites.count)
        isOld[FlowAnalysis.nilSite] = true
        for id in 1..<settled.sites {
            guard let site = Self.renamed(old.sites[id], file: file, moved: edit.moved, renamed: renamed), let now = new.siteIDs[site] else { continue }
            renamed[id] = now
            isOld[now] = true
        }
        self.renamed = renamed
        let movedTo = Set(edit.moved.values)
        // In the new analysis, whether a slot is the edit's own: of a new site, a changed name or a new place.
        func isEditsOwn(_ slot: FlowAnalysis.Slot) -> Bool {
            func newContext(_ context: Int) -> Bool { FlowAnalysis.isSite(context) && !isOld[context] }
            switch slot {
            case .parameter(_, let context, _), .local(_, let context, _), .result(_, let context): return newContext(context)
            case .field(let site, let name): return !isOld[site] || edit.names.contains(name)
            case .closureResult(_, let context, let position): return newContext(context) || (position.file == file && !movedTo.contains(position))
            }
        }
        // Every slot outside the edit's own holds the same sites.
        var matched = 0
        for (slot, values) in old.slots where !slot.isOfAnUnreachedRun {
            guard let now = self.slot(slot) else { continue }
            let held = new.slots[now] ?? []
            guard held.count == values.count, values.allSatisfy({ self.site($0).map(held.contains) ?? false }) else { return nil }
            matched += 1
        }
        guard new.slots.keys.count(where: { !$0.isOfAnUnreachedRun && !isEditsOwn($0) }) == matched else { return nil }
        // The same steps run, and the same closures made.
        var steps = 0
        for step in old.known {
            guard let now = self.step(step) else { continue }
            guard new.knownSet.contains(now) else { return nil }
            steps += 1
        }
        guard new.known.count(where: { step in
            switch step {
            case .function(_, let context): !FlowAnalysis.isSite(context) || isOld[context]
            case .properties(let site): isOld[site]
            case .graph: true
            }
        }) == steps else { return nil }
        var closures = 0
        for (id, made) in old.closures where id < settled.sites {
            guard let now = renamed[id] else { continue }
            guard let context = self.context(made.context), let result = self.slot(made.result), let found = new.closures[now],
                  found.function == made.function, found.context == context, found.parameters == made.parameters, found.result == result else { return nil }
            closures += 1
        }
        guard new.closures.keys.count(where: { isOld[$0] }) == closures else { return nil }
    }

    /// A site of the old analysis as the new one names it: its place moved, and the context a
    /// call's or a closure's site names (`callContext`, `makeClosure`) renamed. Nil for one of
    /// the edit's own.
    private static func renamed(_ site: FlowAnalysis.Site, file: String, moved: [SourcePosition: SourcePosition], renamed: [Int?]) -> FlowAnalysis.Site? {
        var site = site
        if let position = site.position, position.file == file {
            guard let now = moved[position] else { return nil }
            site.position = now
        }
        if site.type == FlowAnalysis.callType || site.type == FlowAnalysis.closureType, let text = site.text, let at = text.lastIndex(of: "@"),
           let context = Int(text[text.index(after: at)...]), FlowAnalysis.isSite(context) {
            guard context < renamed.count, let now = renamed[context] else { return nil }
            site.text = String(text[...at]) + String(now)
        }
        return site
    }

    /// An old site's id in the new analysis.
    func site(_ id: Int) -> Int? {
        id < renamed.count ? renamed[id] : nil
    }

    /// A context (a site, or no receiver, or unreached) in the new analysis.
    private func context(_ context: Int) -> Int? {
        FlowAnalysis.isSite(context) ? site(context) : context
    }

    /// An old slot as the new analysis names it; nil for one of the edit's own.
    private func slot(_ slot: FlowAnalysis.Slot) -> FlowAnalysis.Slot? {
        switch slot {
        case .parameter(let function, let context, let name):
            return self.context(context).map { .parameter(function: function, context: $0, name: name) }
        case .local(let function, let context, let name):
            return self.context(context).map { .local(function: function, context: $0, name: name) }
        case .result(let function, let context):
            return self.context(context).map { .result(function: function, context: $0) }
        case .field(let site, let name):
            guard !edit.names.contains(name) else { return nil }
            return self.site(site).map { .field(site: $0, name: name) }
        case .closureResult(let function, let context, let position):
            guard let context = self.context(context) else { return nil }
            if position.file == file {
                guard let now = edit.moved[position] else { return nil }
                return .closureResult(function: function, context: context, position: now)
            }
            return .closureResult(function: function, context: context, position: position)
        }
    }

    private func step(_ step: FlowAnalysis.Step) -> FlowAnalysis.Step? {
        switch step {
        case .function(let id, let context): self.context(context).map { .function(id: id, context: $0) }
        case .properties(let site): self.site(site).map { .properties(site: $0) }
        case .graph: .graph
        }
    }

    /// The old analysis's unreached functions' records, each with its sites renamed, but for the
    /// functions in `rerun` (those of the edited file among them: a record names places of its
    /// function's own file alone) and those whose record names a site of the edit's own: their
    /// functions run again.
    func recordsRenamed(_ records: [Int: FlowAnalysis.UnreachedRecord], rerunning rerun: Set<Int>) -> [Int: FlowAnalysis.UnreachedRecord] {
        var kept: [Int: FlowAnalysis.UnreachedRecord] = [:]
        kept.reserveCapacity(records.count)
        for (function, record) in records where !rerun.contains(function) {
            if let renamed = renamed(record) { kept[function] = renamed }
        }
        return kept
    }

    /// A record with its sites renamed; itself when none is renamed (most name no site at all).
    private func renamed(_ record: FlowAnalysis.UnreachedRecord) -> FlowAnalysis.UnreachedRecord? {
        func same(_ id: Int) -> Bool { site(id) == id }
        guard !record.lookups.allSatisfy({ same($0.requester) }) || !record.propertyReads.allSatisfy({ same($0.receiver) })
            || !record.moduleLookups.allSatisfy({ same($0.holder) }) else { return record }
        var record = record
        var lookups: Set<FlowAnalysis.DependencyLookup> = []
        for var lookup in record.lookups {
            guard let site = site(lookup.requester) else { return nil }
            lookup.requester = site
            lookups.insert(lookup)
        }
        var reads: Set<FlowAnalysis.PropertyRead> = []
        for var read in record.propertyReads {
            guard let site = site(read.receiver) else { return nil }
            read.receiver = site
            reads.insert(read)
        }
        var moduleLookups: Set<FlowAnalysis.ModuleLookup> = []
        for var lookup in record.moduleLookups {
            guard let site = site(lookup.holder) else { return nil }
            lookup.holder = site
            moduleLookups.insert(lookup)
        }
        record.lookups = lookups
        record.propertyReads = reads
        record.moduleLookups = moduleLookups
        return record
    }
}
