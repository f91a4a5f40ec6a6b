@_spi(Reflection) import Swift
import CGraphInspectAtomics

/// Finds what holds a node alive: among the live objects the library knows (components, modules,
/// holders, routers, view components), the first in id order whose stored properties reach it,
/// through optionals, arrays, dictionaries, sets, structs, enums and tuples, with the path there.
///
/// Only the app's own stored properties are read: the library's types (a module's `component`,
/// a holder's modules, a component's cache) are its tree, which a leak is by definition outside of.
/// Run when leaks are judged (at a recording's end, by the test library), never on a lookup.
/// Bounded on any object graph: each object is read once per holder, paths stop at
/// `maxDepth` steps, collections at `maxElements` elements and the whole search at `maxVisits`
/// values. Only stored properties are read: a type with a custom mirror is passed over (its
/// `customMirror` is the app's code), weak references hold nothing and are skipped, and an object
/// whose deinitialisation has begun is never retained.
struct HolderSearch {
    static let maxDepth = 12
    static let maxElements = 10_000
    static let maxVisits = 2_000_000

    /// One step of a path: `.name`, `[2]`, `["key"]`.
    private typealias Path = [String]

    /// The known objects, by identity.
    private let known: [ObjectIdentifier: ObjectID]
    private let targets: Set<ObjectID>
    /// Each target's own parts (it included): a holder among them is a cycle, named only when no
    /// other holder is found.
    private let parts: [ObjectID: Set<ObjectID>]
    private var outside: [ObjectID: (holder: ObjectID, path: String)] = [:]
    private var inside: [ObjectID: (holder: ObjectID, path: String)] = [:]
    private var visits = 0
    private var offsets = FieldOffsets()
    /// Whether each type met is the app's (by type identity): the library's are not read.
    private var appTypes: [ObjectIdentifier: Bool] = [:]

    /// What holds each of `targets`, searched among `objects` (every live object the library
    /// knows, `liveObjects()`); `parts` gives each target's own parts, whose holding it is named
    /// only when nothing else holds it. One `HeldBy` per target, in target order; its holder nil
    /// when none of the objects holds it.
    static func search(targets: [ObjectID], parts: [ObjectID: Set<ObjectID>] = [:], among objects: [(id: ObjectID, object: AnyObject)]) -> [HeldBy] {
        var known: [ObjectIdentifier: ObjectID] = [:]
        for (id, object) in objects { known[ObjectIdentifier(object)] = id }
        var search = HolderSearch(known: known, targets: Set(targets), parts: parts)
        for (id, object) in objects where search.visits < maxVisits {
            if search.outside.count == search.targets.count { break }
            var seen: Set<ObjectIdentifier> = [ObjectIdentifier(object)]
            var path: Path = []
            search.readFields(of: object, from: id, path: &path, seen: &seen, depth: 0)
        }
        return targets.map { target in
            guard let found = search.outside[target] ?? search.inside[target] else { return HeldBy(id: target) }
            return HeldBy(id: target, holder: found.holder, path: found.path)
        }
    }

    /// Every live object the library knows, each retained for the caller, in id order: components
    /// from their registry, the module tree's objects from theirs. The library's own objects are
    /// retained from their address under the registry's lock, which their `deinit` must take to
    /// leave it, unless their deinitialisation has begun; an app's own, from a weak reference.
    /// Only those among `recorded`: a recording's own objects, so a search for one test never
    /// holds, even for a moment, the objects of another running beside it.
    static func liveObjects(among recorded: Set<ObjectID>) -> [(id: ObjectID, object: AnyObject)] {
        var objects: [(id: ObjectID, object: AnyObject)] = []
        Registries.components.entries.withLock { entries in
            for (id, record) in entries where recorded.contains(id) {
                if let object = retainUnlessDeinitialising(record.address) { objects.append((id, object)) }
            }
        }
        ModuleTreeTracking.table.withLock { table in
            for entry in table.values where recorded.contains(entry.id) {
                if entry.selfReporting {
                    if let object = retainUnlessDeinitialising(UInt(bitPattern: entry.key)) { objects.append((entry.id, object)) }
                } else if let object = entry.object {
                    objects.append((entry.id, object))
                }
            }
        }
        return objects.sorted { $0.id < $1.id }
    }

    private static func retainUnlessDeinitialising(_ address: UInt) -> AnyObject? {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address),
              let retained = graphinspect_try_retain(pointer) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
    }

    // MARK: Walking

    private mutating func readFields(of object: AnyObject, from holder: ObjectID, path: inout Path, seen: inout Set<ObjectIdentifier>, depth: Int) {
        guard !(object is CustomReflectable) else { return }
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let fields = offsets.of(type(of: object), isClass: true)
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror, isAppType(current.subjectType) {
            for child in current.children {
                guard let label = child.label else { continue }
                if let offset = fields[label], isWeak(child.value, storedAt: address + UInt(offset)) { continue }
                path.append("." + label)
                visit(child.value, from: holder, path: &path, seen: &seen, depth: depth + 1)
                path.removeLast()
            }
            mirror = current.superclassMirror
        }
    }

    private mutating func visit(_ value: Any, from holder: ObjectID, path: inout Path, seen: inout Set<ObjectIdentifier>, depth: Int) {
        visits += 1
        guard visits < Self.maxVisits, depth <= Self.maxDepth else { return }
        if type(of: value) is AnyClass {
            let object = value as AnyObject
            let identity = ObjectIdentifier(object)
            if let id = known[identity] {
                if targets.contains(id), id != holder { note(id, holder: holder, path: path) }
                return
            }
            guard seen.insert(identity).inserted else { return }
            readFields(of: object, from: holder, path: &path, seen: &seen, depth: depth)
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first { visit(some.value, from: holder, path: &path, seen: &seen, depth: depth) }
        case .collection, .set:
            guard Self.isStandardLibrary(value) else { return }
            for (index, element) in mirror.children.prefix(Self.maxElements).enumerated() {
                path.append("[\(index)]")
                visit(element.value, from: holder, path: &path, seen: &seen, depth: depth + 1)
                path.removeLast()
            }
        case .dictionary:
            guard Self.isStandardLibrary(value) else { return }
            for pair in mirror.children.prefix(Self.maxElements) {
                let entry = Array(Mirror(reflecting: pair.value).children)
                guard entry.count == 2 else { continue }
                path.append("[\(Self.keyText(entry[0].value))]")
                visit(entry[1].value, from: holder, path: &path, seen: &seen, depth: depth + 1)
                path.removeLast()
            }
        case .struct:
            guard !(value is CustomReflectable), isAppType(type(of: value)) else { return }
            let weak = weakLabels(of: value)
            for child in mirror.children {
                guard let label = child.label, !weak.contains(label) else { continue }
                path.append("." + label)
                visit(child.value, from: holder, path: &path, seen: &seen, depth: depth + 1)
                path.removeLast()
            }
        case .enum, .tuple:
            guard !(value is CustomReflectable) || Self.isStandardLibrary(value) else { return }
            for (index, child) in mirror.children.enumerated() {
                path.append("." + (child.label ?? "\(index)"))
                visit(child.value, from: holder, path: &path, seen: &seen, depth: depth + 1)
                path.removeLast()
            }
        default:
            return
        }
    }

    private mutating func note(_ target: ObjectID, holder: ObjectID, path: Path) {
        let text = path.joined()
        if parts[target]?.contains(holder) == true {
            if inside[target] == nil { inside[target] = (holder, text) }
        } else if outside[target] == nil {
            outside[target] = (holder, text)
        }
    }

    // MARK: Weak references

    /// Whether the field at `address` holding `value` is a weak reference: Mirror reads a weak
    /// reference as the object it points to, but the field itself holds the reference's side
    /// table, not the object's address.
    private func isWeak(_ value: Any, storedAt address: UInt) -> Bool {
        guard let object = Self.referencedObject(value),
              let field = UnsafeRawPointer(bitPattern: address) else { return false }
        return field.load(as: UInt.self) != UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    /// The labels of `value`'s weak fields (a struct's copy keeps its weak references as they are).
    private mutating func weakLabels<Value>(of value: Value) -> Set<String> {
        let fields = offsets.of(Value.self, isClass: false)
        guard !fields.isEmpty else { return [] }
        var weak: Set<String> = []
        withUnsafeBytes(of: value) { bytes in
            guard let base = bytes.baseAddress else { return }
            for child in Mirror(reflecting: value).children {
                guard let label = child.label, let offset = fields[label], offset + MemoryLayout<UInt>.size <= bytes.count,
                      isWeak(child.value, storedAt: UInt(bitPattern: base) + UInt(offset)) else { continue }
                weak.insert(label)
            }
        }
        return weak
    }

    /// The object a single reference holds: a class instance, or one in an optional.
    private static func referencedObject(_ value: Any) -> AnyObject? {
        if type(of: value) is AnyClass { return value as AnyObject }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, let some = mirror.children.first, type(of: some.value) is AnyClass else { return nil }
        return some.value as AnyObject
    }

    private mutating func isAppType(_ type: Any.Type) -> Bool {
        if let known = appTypes[ObjectIdentifier(type)] { return known }
        let isApp = !String(reflecting: type).hasPrefix("GraphInspect.")
        appTypes[ObjectIdentifier(type)] = isApp
        return isApp
    }

    private static func isStandardLibrary(_ value: Any) -> Bool {
        String(reflecting: type(of: value)).hasPrefix("Swift.")
    }

    private static func keyText(_ key: Any) -> String {
        if let string = key as? String { return Quoted.string(string) }
        return String(describing: key)
    }
}

/// The byte offset of each stored property of a type, by name, read once per type from its
/// metadata (`_forEachField`).
private struct FieldOffsets {
    private var byType: [ObjectIdentifier: [String: Int]] = [:]

    mutating func of(_ type: Any.Type, isClass: Bool) -> [String: Int] {
        if let known = byType[ObjectIdentifier(type)] { return known }
        var fields: [String: Int] = [:]
        // 1: `_EachFieldOptions.classType`, spelled by value (the option is a `static var`).
        _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: isClass ? 1 : 0)) { name, offset, _, _ in
            fields[String(cString: name)] = offset
            return true
        }
        byType[ObjectIdentifier(type)] = fields
        return fields
    }
}
