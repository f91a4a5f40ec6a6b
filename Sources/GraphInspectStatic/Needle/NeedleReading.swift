import GraphInspect
import GraphInspectCheckContract

/// A package whose sources import NeedleFoundation, read as needle's generator reads it, into the
/// same static graph the architecture's reading makes: a component node per path from a root
/// (needle keeps each path apart, as a provider class of its own), a lookup per need and path,
/// written at the dependency protocol's property, answered by needle's rule (the nearest
/// ancestor with a property of the same name and type, the component itself excluded), and a
/// lookup at each `dependency.x` read. `check`, `query`, the pictures and the language server
/// read it as they read any other.
enum NeedleReading {
    /// The reading of `files` when one of them imports NeedleFoundation; nil otherwise.
    static func graph(of files: [StaticReader.SourceFile], threads: Int) -> StaticGraph? {
        guard files.contains(where: { NeedleFile.importsNeedle($0.text) }) else { return nil }
        let read = ParallelWork.map(files.count, threads: threads) { NeedleFile.read(path: files[$0].path, module: files[$0].module, text: files[$0].text) }
        var builder = Builder(app: NeedleApp(files: read))
        return builder.build(files: files.count)
    }

    /// `check`'s reading of `files` when they are a needle app (held to `options.rules`); nil
    /// otherwise. Read whole each time: no cache is read or written.
    static func reading(of files: [StaticReader.SourceFile], options: StaticReader.Options) -> StaticReading? {
        guard let graph = graph(of: files, threads: options.threads) else { return nil }
        var reading = StaticReader.reading(graph)
        if let rules = options.rules { reading.hold(to: rules) }
        return reading
    }

    /// Turns the linked app into nodes, lookups and findings.
    struct Builder {
        let app: NeedleApp
        var events: [GraphEvent] = []
        /// Each node's component and parent node (by raw id - 1).
        var nodeComponent: [Int] = []
        var nodeParent: [Int?] = []
        var diagnostics: Set<StaticDiagnostic> = []
        var lookupPositions: [Int: SourcePosition] = [:]
        /// The lookups written at `dependency.x` reads (the others are at the needs).
        var readEvents: Set<Int> = []
        var facts = GraphFacts()

        init(app: NeedleApp) {
            self.app = app
            diagnostics = Set(app.notes)
        }

        mutating func build(files: Int) -> StaticGraph {
            expand()
            recordNeeds()
            var nodes: [GraphNode] = []
            for case .created(let created) in events { nodes.append(GraphNode(created: created)) }
            let built = GraphSnapshot(nodes: nodes, events: events)
            for failure in built.failures() {
                guard case .dependency(let report, let index) = failure, let position = lookupPositions[index] else { continue }
                let path = report.requesterPath.map(\.type)
                if readEvents.contains(index) {
                    let need = app.components[nodeComponent[Int(report.request.requester.rawValue) - 1]].needs.first { $0.name == report.name }
                    diagnostics.insert(StaticWording.Needle.unansweredRead(report.name, path: path, need: need?.position ?? position, at: position))
                    continue
                }
                let requester = app.components[nodeComponent[Int(report.request.requester.rawValue) - 1]]
                let unread = report.walk.dropFirst().compactMap { step -> String? in
                    let component = app.components[nodeComponent[Int(step.id.rawValue) - 1]]
                    return component.unread.contains { $0.name == report.name && $0.type == report.type } ? component.name : nil
                }
                diagnostics.insert(StaticWording.Needle.missing(report, at: position, dependency: requester.dependency ?? "dependency", unread: unread))
            }
            let placed = Set(nodeComponent)
            let written = app.components.indices.flatMap { index in app.components[index].needs.map { ($0.position, index) } + app.components[index].dependencyReads.map { ($0.position, index) } }
            let summary = StaticGraph.Summary(
                files: files, componentTypes: placed.count, components: nodes.count, holders: 0, modules: 0,
                lookups: Set(written.map(\.0)).count, moduleLookups: 0,
                lookupsChecked: Set(written.filter { placed.contains($0.1) }.map(\.0)).count, moduleLookupsChecked: 0
            )
            return StaticGraph(snapshot: built, diagnostics: diagnostics.sorted(), lookupPositions: lookupPositions, facts: facts, summary: summary, places: places())
        }

        /// One node per component and path, depth first from the roots in source order.
        mutating func expand() {
            let roots = app.components.indices.filter { app.components[$0].isRoot }.sorted { app.components[$0].position < app.components[$1].position }
            var stack: [(component: Int, parent: Int?, path: [Int])] = roots.reversed().map { ($0, nil, [$0]) }
            while let (index, parent, path) = stack.popLast() {
                guard nodeComponent.count < StaticGraph.nodeLimit else {
                    diagnostics.insert(StaticWording.tooLarge(limit: StaticGraph.nodeLimit, at: app.components[index].position))
                    continue
                }
                let component = app.components[index]
                nodeComponent.append(index)
                nodeParent.append(parent)
                let id = ObjectID(UInt64(nodeComponent.count))
                let providers = component.providers.map { Provider(name: $0.name, type: $0.type, form: $0.form == .stored ? .stored : .computed) }
                events.append(.created(NodeCreated(
                    id: id, kind: .component, type: component.qualifiedName, parent: parent.map { ObjectID(UInt64($0 + 1)) }, providers: providers
                )))
                facts.components.insert(component.name)
                facts.parents.insert(GraphFacts.Edge(child: component.name, parent: parent.map { app.components[nodeComponent[$0]].name }))
                for provider in component.providers { facts.providers.insert(GraphFacts.Named(owner: component.name, name: provider.name)) }
                for child in component.children.reversed() {
                    if path.contains(child) {
                        diagnostics.insert(StaticWording.Needle.loop((path + [child]).map { app.components[$0].qualifiedName }, at: app.components[child].position))
                        continue
                    }
                    stack.append((child, nodeComponent.count - 1, path + [child]))
                }
            }
        }

        /// A lookup per node and need, and per node and `dependency.x` read of a need.
        mutating func recordNeeds() {
            for node in nodeComponent.indices {
                let component = app.components[nodeComponent[node]]
                guard !component.needs.isEmpty else { continue }
                var ancestors: [Int] = []
                var current = nodeParent[node]
                while let parent = current {
                    ancestors.append(parent)
                    current = nodeParent[parent]
                }
                var answers: [String: Int?] = [:]
                for need in component.needs {
                    let answer = ancestors.firstIndex { app.components[nodeComponent[$0]].providers.contains { $0.name == need.name && $0.type == need.type } }
                    answers[need.name] = .some(answer)
                    record(node: node, need: need, ancestors: ancestors, answer: answer, at: need.position)
                    facts.lookups.insert(GraphFacts.Named(owner: component.name, name: need.name))
                    facts.lookupPositions[GraphFacts.Named(owner: component.name, name: need.name), default: []].insert(need.position)
                    if let answer { facts.resolved.insert(GraphFacts.Named(owner: app.components[nodeComponent[ancestors[answer]]].name, name: need.name)) }
                }
                for read in component.dependencyReads {
                    guard let need = component.needs.first(where: { $0.name == read.name }), let answer = answers[read.name] else { continue }
                    readEvents.insert(events.count)
                    record(node: node, need: need, ancestors: ancestors, answer: answer, at: read.position)
                }
            }
        }

        mutating func record(node: Int, need: NeedleFile.Property, ancestors: [Int], answer: Int?, at position: SourcePosition) {
            let walked = [node] + ancestors.prefix(answer.map { $0 + 1 } ?? ancestors.count)
            lookupPositions[events.count] = position
            events.append(.lookup(DependencyLookup(
                requester: ObjectID(UInt64(node + 1)), name: need.name, type: need.type, walk: walked.map { ObjectID(UInt64($0 + 1)) },
                provider: answer.map { ObjectID(UInt64(ancestors[$0] + 1)) }, cacheHit: false,
                location: SourceLocation(file: position.file, line: position.line)
            )))
        }

        /// Where the components, their providers and the lookups are written.
        func places() -> SourcePlaces {
            var places = SourcePlaces(lookups: lookupPositions)
            var answering: [String: Set<String>] = [:]
            var reads: Set<String> = []
            for index in Set(nodeComponent) {
                let component = app.components[index]
                places.types[component.qualifiedName] = component.position
                for provider in component.providers { places.providers[component.qualifiedName, default: [:]][provider.name] = provider.position }
                for need in component.needs { answering[need.type, default: []].insert(need.type) }
                reads.formUnion(component.dependencyReads.map(\.name))
            }
            places.memberReads = reads.union(app.memberReads)
            places.answering = answering.mapValues { $0.sorted() }
            places.propertyReads = []
            places.declarationsRunningCode = app.childMakingProperties.sorted()
            places.syntaxErrors = []
            places.ownProvidersAnswer = false
            return places
        }
    }
}
