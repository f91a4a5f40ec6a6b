import Foundation

/// Makes needle apps with known truth: components in layers below a `BootstrapComponent`, each
/// made by one or two parents (so reached by several paths), providing services at several
/// levels (shadowing), some through `shared { }` and in extensions, needing them through
/// dependency protocols, some inherited; and writes the `NeedleGenerated.swift` needle's
/// generator would write for it, from the construction itself (not from the sources).
struct NeedleAppMaker {
    struct Provided {
        var name: String
        var form: String
        var inExtension: Bool
    }

    struct Made {
        var name: String
        var parents: [Int] = []
        var provides: [Provided] = []
        var needs: [String] = []
        /// Needs declared in a base protocol the dependency protocol inherits.
        var inheritedNeeds: [String] = []
        var reads: [String] = []
        var isRoot: Bool { parents.isEmpty }
        var dependency: String { name.replacingOccurrences(of: "Component", with: "Dependency") }
    }

    var components: [Made] = []
    /// The services, by name: `serviceN: ServiceN`.
    let serviceCount: Int

    /// A seeded app: `layers` layers of `width` components below the root.
    init(seed: UInt64, layers: Int, width: Int, services: Int = 12) {
        var random = seed
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        serviceCount = services
        let all = (0..<services).map { "service\($0)" }
        components.append(Made(name: "RootComponent", provides: all.enumerated().map { Provided(name: $1, form: ["stored", "computed", "shared"][$0 % 3], inExtension: $0 % 4 == 3) }))
        var previous = [0]
        for layer in 1...layers {
            var current: [Int] = []
            for column in 0..<width {
                var made = Made(name: "L\(layer)C\(column)Component")
                made.parents = [previous[next(previous.count)]]
                if next(3) == 0, previous.count > 1, let other = previous.first(where: { !made.parents.contains($0) }) { made.parents.append(other) }
                for name in all where next(4) == 0 {
                    made.provides.append(Provided(name: name, form: ["stored", "computed", "shared"][next(3)], inExtension: next(3) == 0))
                }
                let needed = all.filter { _ in next(3) == 0 }
                made.needs = needed.filter { _ in next(4) != 0 }
                made.inheritedNeeds = needed.filter { !made.needs.contains($0) }
                made.reads = needed.filter { _ in next(2) == 0 }
                components.append(made)
                current.append(components.count - 1)
            }
            previous = current
        }
    }

    static func type(of service: String) -> String { "Service" + service.dropFirst("service".count) }

    /// The app's source files, by name.
    func sources() -> [(name: String, text: String)] {
        var files = [("Services.swift", (0..<serviceCount).map { "public final class Service\($0) {\n    public init() {}\n}\n" }.joined())]
        for (index, made) in components.enumerated() {
            var lines = ["import NeedleFoundation", ""]
            if !made.isRoot {
                let base = made.inheritedNeeds.isEmpty ? "" : ", \(made.name)Base"
                lines.append("protocol \(made.dependency): Dependency\(base) {")
                for need in made.needs { lines.append("    var \(need): \(Self.type(of: need)) { get }") }
                lines += ["}", ""]
                if !made.inheritedNeeds.isEmpty {
                    lines.append("protocol \(made.name)Base {")
                    for need in made.inheritedNeeds { lines.append("    var \(need): \(Self.type(of: need)) { get }") }
                    lines += ["}", ""]
                }
            }
            lines.append(made.isRoot ? "final class \(made.name): BootstrapComponent {" : "final class \(made.name): Component<\(made.dependency)> {")
            for provided in made.provides where !provided.inExtension { lines += declaration(provided) }
            for (child, childMade) in components.enumerated() where childMade.parents.contains(index) {
                if child % 2 == 0 {
                    lines += ["    public var child\(child): \(childMade.name) {", "        return \(childMade.name)(parent: self)", "    }"]
                } else {
                    lines += ["    func makeChild\(child)() -> \(childMade.name) {", "        \(childMade.name)(parent: self)", "    }"]
                }
            }
            if !made.reads.isEmpty {
                lines.append("    func touch() {")
                for read in made.reads { lines.append("        _ = dependency.\(read)") }
                lines.append("    }")
            }
            lines += ["}", ""]
            let extended = made.provides.filter(\.inExtension)
            if !extended.isEmpty {
                lines.append("extension \(made.name) {")
                for provided in extended { lines += declaration(provided) }
                lines.append("}")
            }
            files.append(("\(made.name).swift", lines.joined(separator: "\n") + "\n"))
        }
        return files
    }

    func declaration(_ provided: Provided) -> [String] {
        let type = Self.type(of: provided.name)
        let access = provided.inExtension ? "" : "public "
        // An extension cannot store: a stored provider there is kept by `shared` instead.
        switch provided.inExtension && provided.form == "stored" ? "shared" : provided.form {
        case "stored": return ["    \(access)let \(provided.name): \(type) = \(type)()"]
        case "shared": return ["    \(access)var \(provided.name): \(type) {", "        return shared { \(type)() }", "    }"]
        default: return ["    \(access)var \(provided.name): \(type) {", "        return \(type)()", "    }"]
        }
    }

    /// A `main.swift` that makes every path's components, through the accessors the parents
    /// declare, and reads every need through `dependency`: an instance kept (stored or
    /// `shared`) must be the very one the answering ancestor holds.
    func main() -> String {
        var lines = ["import NeedleFoundation", "", "registerProviderFactories()", "let c0 = RootComponent()", "var needs = 0"]
        for path in paths() where path.count > 1 {
            lines.append("do {")
            for (depth, index) in path.enumerated().dropFirst() {
                let accessor = index % 2 == 0 ? "child\(index)" : "makeChild\(index)()"
                lines.append("    let c\(depth) = c\(depth - 1).\(accessor)")
            }
            for (need, at) in answers(path) {
                let depth = path.firstIndex(of: at)!
                let made = components[path[path.count - 1]]
                let kept = components[at].provides.first { $0.name == need }!.form != "computed"
                lines.append(kept
                    ? "    precondition(c\(path.count - 1).dependency.\(need) === c\(depth).\(need), \"\(made.name).\(need)\")"
                    : "    _ = c\(path.count - 1).dependency.\(need)")
                lines.append("    needs += 1")
            }
            lines.append("}")
        }
        lines.append("print(\"\\(needs) needs on \(paths().count) paths\")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every path from the root to each component, as component indices.
    func paths() -> [[Int]] {
        var found: [[Int]] = []
        var stack: [[Int]] = [[0]]
        while let path = stack.popLast() {
            found.append(path)
            for (child, made) in components.enumerated().reversed() where made.parents.contains(path[path.count - 1]) { stack.append(path + [child]) }
        }
        return found
    }

    /// Needle's rule on the construction: for each path, each need's nearest ancestor with it,
    /// by index (the component itself excluded).
    func answers(_ path: [Int]) -> [(need: String, at: Int)] {
        let made = components[path[path.count - 1]]
        return (made.needs + made.inheritedNeeds).map { need in
            (need, path.dropLast().reversed().first { components[$0].provides.contains { $0.name == need } }!)
        }
    }
}
