import Foundation

/// `NeedleGenerated.swift` as needle's generator writes it (traversal helpers, one provider class
/// per distinct content, one factory per path naming its path, the dynamic registration, the
/// registrations), written from a `NeedleAppMaker`'s construction; and read back as the oracle:
/// for each registered path, which component type answers each need.
enum NeedleGeneratedFile {
    static func write(_ app: NeedleAppMaker) -> String {
        let paths = app.paths()
        let maxLevel = paths.map(\.count).max() ?? 1
        var lines = ["", "", "import NeedleFoundation", "", "// swiftlint:disable unused_declaration", "private let needleDependenciesHash : String? = nil", "", "// MARK: - Traversal Helpers", ""]
        for level in 1..<max(2, maxLevel) {
            lines += [
                "private func parent\(level)(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {",
                "    return component" + String(repeating: ".parent", count: level), "}", "",
            ]
        }
        lines += ["// MARK: - Providers", "", "#if !NEEDLE_DYNAMIC", ""]
        var classes: [String: String] = [:]
        var registrations: [(path: String, factory: String)] = []
        for path in paths {
            let made = app.components[path[path.count - 1]]
            let pathString = "^->" + path.map { app.components[$0].name }.joined(separator: "->")
            let answers = app.answers(path)
            guard !answers.isEmpty else {
                registrations.append((pathString, "factoryEmptyDependencyProvider"))
                continue
            }
            // Which ancestors supply something, nearest first, with how many levels up each is.
            var sources: [(name: String, level: Int)] = []
            for (_, at) in answers where !sources.contains(where: { $0.name == app.components[at].name }) {
                sources.append((app.components[at].name, path.count - 1 - path.lastIndex(of: at)!))
            }
            sources.sort { $0.level < $1.level }
            let content = answers.map { "\($0.need)<-\(app.components[$0.at].name)" }.joined(separator: ",")
            let className = "\(made.dependency)\(hex(made.dependency + content, digits: 20))Provider"
            if classes[className] == nil {
                classes[className] = content
                lines.append("private class \(className): \(made.dependency) {")
                for (need, at) in answers {
                    lines += ["    var \(need): \(NeedleAppMaker.type(of: need)) {", "        return \(variable(app.components[at].name)).\(need)", "    }"]
                }
                for source in sources { lines.append("    private let \(variable(source.name)): \(source.name)") }
                lines.append("    init(" + sources.map { "\(variable($0.name)): \($0.name)" }.joined(separator: ", ") + ") {")
                for source in sources { lines.append("        self.\(variable(source.name)) = \(variable(source.name))") }
                lines += ["    }", "}"]
            }
            let factory = "factory" + hex(pathString, digits: 40)
            let arguments = sources.map { "\(variable($0.name)): parent\($0.level)(component) as! \($0.name)" }.joined(separator: ", ")
            lines += [
                "/// \(pathString)", "private func \(factory)(_ component: NeedleFoundation.Scope) -> AnyObject {",
                "    return \(className)(\(arguments))", "}",
            ]
            registrations.append((pathString, factory))
        }
        lines += ["", "#else"]
        for made in app.components {
            lines += ["extension \(made.name): Registration {", "    public func registerItems() {"]
            for need in made.needs + made.inheritedNeeds {
                lines.append("        keyPathToName[\\\(made.dependency).\(need)] = \"\(need)-\(NeedleAppMaker.type(of: need))\"")
            }
            lines += ["    }", "}"]
        }
        lines += [
            "", "", "#endif", "", "private func factoryEmptyDependencyProvider(_ component: NeedleFoundation.Scope) -> AnyObject {",
            "    return EmptyDependencyProvider(component: component)", "}", "", "// MARK: - Registration",
            "private func registerProviderFactory(_ componentPath: String, _ factory: @escaping (NeedleFoundation.Scope) -> AnyObject) {",
            "    __DependencyProviderRegistry.instance.registerDependencyProviderFactory(for: componentPath, factory)", "}", "",
            "#if !NEEDLE_DYNAMIC", "", "@inline(never) private func register1() {",
        ]
        for registration in registrations { lines.append("    registerProviderFactory(\"\(registration.path)\", \(registration.factory))") }
        lines += ["}", "#endif", "", "public func registerProviderFactories() {", "#if !NEEDLE_DYNAMIC", "    register1()", "#endif", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// `RootComponent` is held as `rootComponent`.
    static func variable(_ type: String) -> String {
        type.prefix(1).lowercased() + type.dropFirst()
    }

    /// A stable hexadecimal digest (FNV-1a, repeated to the length asked), standing in for needle's.
    static func hex(_ text: String, digits: Int) -> String {
        var result = ""
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325
        while result.count < digits {
            for byte in text.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
            result += String(seed, radix: 16)
        }
        return String(result.prefix(digits))
    }

    /// What a generated file says: each registered path, and for each, each need's answering
    /// component type (empty for an empty dependency).
    static func oracle(_ text: String) -> [String: [String: String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        // Each provider class: need -> the stored property it reads, and that property's type.
        var needsOf: [String: [String: String]] = [:]
        var typesOf: [String: [String: String]] = [:]
        var currentClass: String?
        var currentNeed: String?
        // Each factory: the class it makes.
        var classOfFactory: [String: String] = [:]
        var currentFactory: String?
        var result: [String: [String: String]] = [:]
        for line in lines {
            if line.hasPrefix("private class "), let name = line.dropFirst("private class ".count).split(separator: ":").first {
                currentClass = String(name)
            } else if let owner = currentClass, line.hasPrefix("var "), let name = line.dropFirst(4).split(separator: ":").first {
                currentNeed = String(name)
                needsOf[owner, default: [:]][String(name)] = ""
            } else if let owner = currentClass, let need = currentNeed, line.hasPrefix("return "), let source = line.dropFirst(7).split(separator: ".").first {
                needsOf[owner]?[need] = String(source)
                currentNeed = nil
            } else if let owner = currentClass, line.hasPrefix("private let ") {
                let parts = line.dropFirst("private let ".count).split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                typesOf[owner, default: [:]][parts[0]] = parts[1]
            } else if line.hasPrefix("private func factory"), let name = line.dropFirst("private func ".count).split(separator: "(").first {
                currentFactory = String(name)
                currentClass = nil
            } else if let factory = currentFactory, line.hasPrefix("return "), let made = line.dropFirst(7).split(separator: "(").first {
                classOfFactory[factory] = String(made)
                currentFactory = nil
            } else if line.hasPrefix("registerProviderFactory(\"") {
                let parts = line.dropFirst("registerProviderFactory(\"".count).split(separator: "\"")
                let path = String(parts[0])
                let factory = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: ", )"))
                guard let made = classOfFactory[factory] else {
                    result[path] = [:]
                    continue
                }
                result[path] = (needsOf[made] ?? [:]).mapValues { typesOf[made]?[$0] ?? "?" }
            }
        }
        return result
    }
}
