import Foundation

/// A large app in this architecture, written to disk for the build-check benchmark and the
/// query tests: a folder per
/// feature module (`Sources/FeatureN`, `Sources/App` the root), every file importing GraphInspect,
/// mostly ordinary code (models, view models holding async closures, generic caches, protocols
/// with extensions, request builders, tree nodes with `parent`s, enums with associated values)
/// around each feature's components, modules and builder. Features form a tree, four children
/// each; each feature's component is made below its parent feature's, held by a holder of its own
/// that attaches a module per sub-component below it, and modules look up their own, their feature's and ancestors' providers. Some features
/// plant one lookup of a sibling feature's provider: the errors check must report.
public struct GeneratedApp: Sendable {
    public var features: Int
    public var ordinaryFilesPerFeature: Int
    public var subComponents = 4

    public init(features: Int, ordinaryFilesPerFeature: Int) {
        self.features = features
        self.ordinaryFilesPerFeature = ordinaryFilesPerFeature
    }

    /// Features whose module asks for a provider only their next sibling feature has.
    public var planted: [Int] { (0..<features).filter { $0 % 17 == 9 && $0 + 1 < features } }

    func parent(_ feature: Int) -> Int? { feature == 0 ? nil : (feature - 1) / 4 }

    func ancestors(_ feature: Int) -> [Int] {
        var chain: [Int] = []
        var current = feature
        while let up = parent(current) { chain.append(up); current = up }
        return chain
    }

    func module(_ feature: Int) -> String { feature == 0 ? "App" : "Feature\(feature)" }

    /// Writes the app under `root` (emptied first); returns every file's path.
    @discardableResult
    public func write(to root: URL) throws -> [String] {
        try? FileManager.default.removeItem(at: root)
        var paths: [String] = []
        for feature in 0..<features {
            let folder = root.appendingPathComponent("Sources/\(module(feature))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var files: [(String, String)] = [
                ("F\(feature)Components.swift", components(feature)),
                ("F\(feature)Modules.swift", modules(feature)),
                ("F\(feature)Builder.swift", builder(feature)),
            ]
            if feature == 0 { files.append(("AppRoot.swift", Self.appRoot(attaching: "F0Builder"))) }
            for index in 0..<ordinaryFilesPerFeature { files.append(("F\(feature)Screen\(index).swift", ordinary(feature, index))) }
            for (name, text) in files {
                let path = folder.appendingPathComponent(name).path
                try text.write(toFile: path, atomically: false, encoding: .utf8)
                paths.append(path)
            }
        }
        return paths
    }

    func imports(_ feature: Int) -> String {
        "import Foundation\nimport GraphInspect\n" + (parent(feature).map { "import \(module($0))\n" } ?? "") + "\n"
    }

    /// The feature's component (its services as providers) and its sub-components (a store each).
    func components(_ f: Int) -> String {
        var text = imports(f)
        text += """
            public final class F\(f)Service {
                public let baseURL: URL
                public init(baseURL: URL = URL(string: "https://example.com/f\(f)")!) { self.baseURL = baseURL }
            }

            public final class F\(f)Analytics {
                private var events: [String] = []
                public func track(_ name: String) { events.append(name) }
            }

            public final class F\(f)Component: Component {
                public let f\(f)Service = F\(f)Service()
                public let f\(f)Analytics = F\(f)Analytics()
            }


            """
        for s in 0..<subComponents {
            text += """
                public final class F\(f)S\(s)Store {
                    public private(set) var values: [String: Int] = [:]
                    public func set(_ value: Int, for key: String) { values[key] = value }
                }

                public final class F\(f)S\(s)Component: Component {
                    public let f\(f)s\(s)Store = F\(f)S\(s)Store()
                }


                """
        }
        return text
    }

    /// One module per sub-component, each looking up its store, its feature's service and its
    /// ancestors' analytics; a planted feature's first asks for its sibling's service.
    func modules(_ f: Int) -> String {
        var text = imports(f)
        for s in 0..<subComponents {
            text += "public final class F\(f)S\(s)Module: ModuleObject {\n"
            text += "    public init(holder: ModuleHolder?, component: Component) {\n"
            text += "        let store: F\(f)S\(s)Store = component.f\(f)s\(s)Store\n"
            text += "        let service: F\(f)Service = component.f\(f)Service\n"
            for ancestor in ancestors(f).prefix(3) { text += "        let _: F\(ancestor)Analytics = component.f\(ancestor)Analytics\n" }
            if s == 0, planted.contains(f) { text += "        let _: F\(f + 1)Service = component.f\(f + 1)Service\n" }
            text += "        store.set(service.baseURL.absoluteString.count, for: \"length\")\n"
            text += "        super.init(key: \"f\(f)s\(s)\", holder: holder, component: component)\n    }\n}\n\n"
        }
        return text
    }

    /// The feature's builder, which makes its component below the parent's and its holder; the
    /// holder attaches a builder per sub-component (each making its module below it) and the child
    /// features' builders.
    func builder(_ f: Int) -> String {
        var text = imports(f)
        text += "public struct F\(f)Builder: ModuleBuilder {\n    public init() {}\n\n"
        text += "    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> F\(f)Holder {\n"
        text += "        let component = F\(f)Component(parent: parentComponent)\n"
        text += "        component.f\(f)Analytics.track(\"built\")\n"
        text += "        return F\(f)Holder(holder: holder, context: context, component: component)\n    }\n}\n\n"
        text += "public final class F\(f)Holder: ModuleHolderObject {\n"
        text += "    init(holder: ModuleHolder?, context: any ModuleHolderContext, component: F\(f)Component) {\n"
        text += "        super.init(key: \"f\(f)\", holder: holder, context: context, component: component)\n"
        for s in 0..<subComponents { text += "        attach(F\(f)S\(s)Builder())\n" }
        for child in (1...4).map({ 4 * f + $0 }) where child < features { text += "        attach(F\(child)Builder())\n" }
        text += "    }\n}\n\n"
        for s in 0..<subComponents {
            text += "public struct F\(f)S\(s)Builder: ModuleBuilder {\n"
            text += "    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> F\(f)S\(s)Module {\n"
            text += "        F\(f)S\(s)Module(holder: holder, component: F\(f)S\(s)Component(parent: parentComponent))\n    }\n}\n\n"
        }
        return text
    }

    /// The root component and the root holder, which attaches `builder`.
    public static func appRoot(attaching builder: String) -> String {
        """
        import GraphInspect

        public final class AppComponent: Component, RootComponent {
            public init() { super.init(parent: nil) }
        }

        struct AppContext: ModuleHolderContext {
            let parent: (any ModuleHolderContext)? = nil
        }

        final class RootHolder: ModuleHolderObject {
            init() {
                super.init(key: "root", holder: nil, context: AppContext(), component: AppComponent())
                attach(\(builder)())
            }
        }

        """
    }

    /// About a hundred lines of the code every app has: none of it touches the graph, and some of
    /// it uses the graph's words (`parent`, `build`, `Builder`, `component`) for its own things.
    func ordinary(_ f: Int, _ i: Int) -> String {
        let item = "F\(f)Item\(i)"
        return imports(f) + """
            public struct \(item): Codable, Hashable, Identifiable, Sendable {
                public let id: UUID
                public var title: String
                public var price: Decimal
                public var tags: [String]
                public var parent: UUID?
            }

            public enum \(item)Event: Sendable {
                case loaded([\(item)])
                case failed(String)
                case selected(id: UUID, at: Date)
            }

            public protocol \(item)Loading: Sendable {
                func load(page: Int) async throws -> [\(item)]
            }

            extension \(item)Loading {
                public func loadAll(pages: Int) async throws -> [\(item)] {
                    var all: [\(item)] = []
                    for page in 0..<pages { all += try await load(page: page) }
                    return all
                }
            }

            struct \(item)Cache<Key: Hashable, Value> {
                private var storage: [Key: Value] = [:]
                private let limit: Int
                init(limit: Int) { self.limit = limit }
                mutating func value(for key: Key, orMake make: () throws -> Value) rethrows -> Value {
                    if let found = storage[key] { return found }
                    let made = try make()
                    if storage.count >= limit, let first = storage.keys.first { storage[first] = nil }
                    storage[key] = made
                    return made
                }
            }

            struct \(item)RequestBuilder {
                var path = "/items"
                var query: [String: String] = [:]
                func with(_ name: String, _ value: String) -> Self {
                    var copy = self
                    copy.query[name] = value
                    return copy
                }
                func build(base: URL) -> URLRequest {
                    var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
                    components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
                    return URLRequest(url: components?.url ?? base)
                }
            }

            final class \(item)Node {
                weak var parent: \(item)Node?
                var children: [\(item)Node] = []
                let value: \(item)
                init(value: \(item), parent: \(item)Node? = nil) {
                    self.value = value
                    self.parent = parent
                }
                var depth: Int { parent.map { $0.depth + 1 } ?? 0 }
            }

            @MainActor
            final class \(item)ViewModel {
                private(set) var items: [\(item)] = []
                private(set) var events: [\(item)Event] = []
                var query = ""
                private let loader: any \(item)Loading
                private var cache = \(item)Cache<String, [\(item)]>(limit: 8)
                var onChange: ((\(item)ViewModel) -> Void)?

                init(loader: any \(item)Loading) { self.loader = loader }

                var filtered: [\(item)] {
                    query.isEmpty ? items : items.filter { $0.title.localizedCaseInsensitiveContains(query) }
                }

                func refresh() async {
                    do {
                        let loaded = try await loader.loadAll(pages: 2)
                        items = loaded.sorted { ($0.price, $0.title) < ($1.price, $1.title) }
                        events.append(.loaded(items))
                    } catch {
                        events.append(.failed(String(describing: error)))
                    }
                    onChange?(self)
                }

                func select(_ id: UUID) {
                    guard let chosen = items.first(where: { $0.id == id }) else { return }
                    events.append(.selected(id: chosen.id, at: Date()))
                    let titles = cache.value(for: query) { filtered }
                    onChange?(self)
                    _ = titles.count
                }

                func total() -> Decimal {
                    items.reduce(Decimal(0)) { $0 + $1.price }
                }
            }

            extension Array where Element == \(item) {
                func grouped() -> [String: [\(item)]] {
                    Dictionary(grouping: self) { $0.tags.first ?? "other" }
                }
            }

            """
    }
}
