/// One event's trace line, written by hand for each kind of event: the fields in the order and
/// with the keys of the `Codable` conformances (their `CodingKeys`), byte for byte what
/// `JSONLineEncoder` writes for the same event, at a small part of its cost (the `Codable` path
/// took about 7 µs a line, most of a traced event's cost).
///
/// `TraceLineTests` compares the two on every kind of event with every optional field present
/// and absent and with hostile names; the `line-decoder` fuzz target compares them on every
/// event it decodes.
struct TraceLine {
    /// The line, ending in a newline.
    private(set) var bytes: [UInt8] = []
    /// Whether the object being written has a field yet.
    private var hasField = false

    init(_ event: GraphEvent) {
        bytes.reserveCapacity(256)
        open()
        string(GraphEvent.Discriminator.event, event.name.rawValue)
        switch event {
        case .created(let node):
            id(NodeCreated.CodingKeys.id, node.id)
            string(NodeCreated.CodingKeys.kind, node.kind.rawValue)
            string(NodeCreated.CodingKeys.type, node.type)
            if let key = node.key { string(NodeCreated.CodingKeys.key, key) }
            if let parent = node.parent { id(NodeCreated.CodingKeys.parent, parent) }
            if let component = node.component { id(NodeCreated.CodingKeys.component, component) }
            if let providers = node.providers {
                key(NodeCreated.CodingKeys.providers)
                array(providers) { line, provider in
                    line.open()
                    line.string(Provider.CodingKeys.name, provider.name)
                    line.string(Provider.CodingKeys.type, provider.type)
                    line.string(Provider.CodingKeys.form, provider.form.rawValue)
                    line.close()
                }
            }
            if let time = node.time { unsigned(NodeCreated.CodingKeys.time, time) }
            if let thread = node.thread { unsigned(NodeCreated.CodingKeys.thread, UInt64(thread)) }
        case .builderStarted(let started):
            id(BuilderStarted.CodingKeys.run, started.run)
            string(BuilderStarted.CodingKeys.builder, started.builder)
            id(BuilderStarted.CodingKeys.parentComponent, started.parentComponent)
            id(BuilderStarted.CodingKeys.holder, started.holder)
            key(BuilderStarted.CodingKeys.context)
            array(started.context) { line, type in JSONString.append(type, to: &line.bytes) }
            if let location = started.location { self.location(BuilderStarted.CodingKeys.location, location) }
            if let time = started.time { unsigned(BuilderStarted.CodingKeys.time, time) }
            if let thread = started.thread { unsigned(BuilderStarted.CodingKeys.thread, UInt64(thread)) }
        case .builderFinished(let finished):
            id(BuilderFinished.CodingKeys.run, finished.run)
            id(BuilderFinished.CodingKeys.module, finished.module)
            if let time = finished.time { unsigned(BuilderFinished.CodingKeys.time, time) }
        case .moduleAttached(let attachment), .moduleDetached(let attachment):
            id(ModuleAttachment.CodingKeys.holder, attachment.holder)
            id(ModuleAttachment.CodingKeys.module, attachment.module)
            if let time = attachment.time { unsigned(ModuleAttachment.CodingKeys.time, time) }
            if let thread = attachment.thread { unsigned(ModuleAttachment.CodingKeys.thread, UInt64(thread)) }
        case .routerAttached(let attachment):
            id(RouterAttachment.CodingKeys.module, attachment.module)
            id(RouterAttachment.CodingKeys.router, attachment.router)
        case .lookup(let lookup):
            id(DependencyLookup.CodingKeys.requester, lookup.requester)
            string(DependencyLookup.CodingKeys.name, lookup.name)
            string(DependencyLookup.CodingKeys.type, lookup.type)
            key(DependencyLookup.CodingKeys.walk)
            array(lookup.walk) { line, id in line.number(id.rawValue) }
            if let provider = lookup.provider { id(DependencyLookup.CodingKeys.provider, provider) }
            key(DependencyLookup.CodingKeys.cacheHit)
            bytes.append(contentsOf: lookup.cacheHit ? "true".utf8 : "false".utf8)
            if let location = lookup.location { self.location(DependencyLookup.CodingKeys.location, location) }
            if let repeats = lookup.repeats { integer(DependencyLookup.CodingKeys.repeats, repeats) }
            if let time = lookup.time { unsigned(DependencyLookup.CodingKeys.time, time) }
            if let duration = lookup.duration { unsigned(DependencyLookup.CodingKeys.duration, duration) }
            if let thread = lookup.thread { unsigned(DependencyLookup.CodingKeys.thread, UInt64(thread)) }
        case .sharedCreated(let shared):
            id(SharedCreated.CodingKeys.component, shared.component)
            string(SharedCreated.CodingKeys.type, shared.type)
            if let form = shared.form { string(SharedCreated.CodingKeys.form, form.rawValue) }
            if let name = shared.name { string(SharedCreated.CodingKeys.name, name) }
            if let time = shared.time { unsigned(SharedCreated.CodingKeys.time, time) }
            if let duration = shared.duration { unsigned(SharedCreated.CodingKeys.duration, duration) }
            if let thread = shared.thread { unsigned(SharedCreated.CodingKeys.thread, UInt64(thread)) }
        case .moduleLookup(let lookup):
            id(ModuleLookup.CodingKeys.requester, lookup.requester)
            string(ModuleLookup.CodingKeys.key, lookup.key)
            string(ModuleLookup.CodingKeys.target, lookup.target.rawValue)
            key(ModuleLookup.CodingKeys.walk)
            array(lookup.walk) { line, id in line.number(id.rawValue) }
            if let module = lookup.module { id(ModuleLookup.CodingKeys.module, module) }
            if let holder = lookup.holder { id(ModuleLookup.CodingKeys.holder, holder) }
            if let time = lookup.time { unsigned(ModuleLookup.CodingKeys.time, time) }
            if let duration = lookup.duration { unsigned(ModuleLookup.CodingKeys.duration, duration) }
            if let thread = lookup.thread { unsigned(ModuleLookup.CodingKeys.thread, UInt64(thread)) }
        case .released(let released):
            id(Released.CodingKeys.id, released.id)
            if let time = released.time { unsigned(Released.CodingKeys.time, time) }
        case .linked(let link):
            id(Link.CodingKeys.from, link.from)
            id(Link.CodingKeys.to, link.to)
            string(Link.CodingKeys.kind, link.kind)
            if let label = link.label { string(Link.CodingKeys.label, label) }
        case .held(let held):
            id(HeldBy.CodingKeys.id, held.id)
            if let holder = held.holder { id(HeldBy.CodingKeys.holder, holder) }
            if let path = held.path { string(HeldBy.CodingKeys.path, path) }
        case .marked(let mark):
            string(RunMark.CodingKeys.name, mark.name)
            unsigned(RunMark.CodingKeys.time, mark.time)
            unsigned(RunMark.CodingKeys.thread, UInt64(mark.thread))
        case .ended(let ended):
            unsigned(RunEnded.CodingKeys.time, ended.time)
            if let status = ended.status { integer(RunEnded.CodingKeys.status, Int(status)) }
            if let report = ended.report { string(RunEnded.CodingKeys.report, report) }
        }
        close()
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: Pieces

    private mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        hasField = false
    }

    /// Closes an object; whatever encloses it has a field (the one just closed) by then.
    private mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        hasField = true
    }

    /// `"key":`, after a comma unless it is the object's first field.
    private mutating func key(_ key: some CodingKey & RawRepresentable<String>) {
        if hasField { bytes.append(UInt8(ascii: ",")) }
        hasField = true
        JSONString.append(key.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func location(_ key: some CodingKey & RawRepresentable<String>, _ location: SourceLocation) {
        self.key(key)
        open()
        string(SourceLocation.CodingKeys.file, location.file)
        integer(SourceLocation.CodingKeys.line, location.line)
        close()
    }

    private mutating func string(_ key: some CodingKey & RawRepresentable<String>, _ value: String) {
        self.key(key)
        JSONString.append(value, to: &bytes)
    }

    private mutating func id(_ key: some CodingKey & RawRepresentable<String>, _ value: ObjectID) {
        self.key(key)
        number(value.rawValue)
    }

    private mutating func unsigned(_ key: some CodingKey & RawRepresentable<String>, _ value: UInt64) {
        self.key(key)
        number(value)
    }

    private mutating func integer(_ key: some CodingKey & RawRepresentable<String>, _ value: Int) {
        self.key(key)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        number(value.magnitude)
    }

    /// `[a,b,...]`, each element written by `element`.
    private mutating func array<Element>(_ elements: [Element], _ element: (inout TraceLine, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A non-negative integer in decimal, without making a `String`.
    private mutating func number(_ value: some UnsignedInteger & FixedWidthInteger) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20
        var count = 0
        var rest = UInt64(value)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: buffer[(buffer.count - count)...])
        }
    }
}

/// Whether `TraceLine` writes `event` byte for byte as the `Codable` path does, for the fuzz
/// target that checks it on every event it decodes.
@_spi(Fuzzing)
public func traceLineWritersAgree(on event: GraphEvent) -> Bool {
    guard let encoded = try? JSONLineEncoder().encode(event) else { return false }
    return TraceLine(event).bytes == Array((encoded + "\n").utf8)
}
