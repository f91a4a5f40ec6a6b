/// One generated app before it is written: a tree of features below a root holder, what each
/// component provides and looks up, and the idiom each piece of wiring is written in. Drawn
/// from a seed alone, so a failing seed is replayed exactly.
struct WiringPlan {
    struct Feature {
        var id: Int
        /// The feature whose holder holds this one; 0 is the root holder.
        var parent: Int
        var children: [Int] = []
        /// A holder (it holds modules of its own), else a plain module.
        var isHolder: Bool
        /// Service indices its component declares (`let svc3 = P.S3()`).
        var provides: [Int]
        var lookups: [Lookup] = []
        var component: ComponentIdiom
        /// How it is attached to its parent's holder.
        var attach: AttachIdiom = .plain
        /// Where a holder attaches its own children.
        var place: Place = .run
    }

    /// A dependency lookup a feature makes.
    struct Lookup {
        var service: Int
        /// The type asked for; differs from the service's own type for a planted wrong type.
        var askedType: Int
        var idiom: LookupIdiom
    }

    /// A module or router lookup made at the end of the run from a holder's handle.
    struct ModuleLookup {
        var holder: Int
        var key: Int
        var idiom: ModuleLookupIdiom
    }

    let seed: UInt64
    let prefix: String
    var services: Int
    var rootProvides: [Int]
    var features: [Feature] = []
    var rootPlace: Place
    var moduleLookups: [ModuleLookup] = []

    /// The features, index 0 being the root (id 0, not a feature).
    func feature(_ id: Int) -> Feature { features[id - 1] }

    /// The ids of `id`'s ancestors, nearest first (0, the root, last).
    func ancestors(of id: Int) -> [Int] {
        var chain: [Int] = []
        var current = id
        while current != 0 {
            current = feature(current).parent
            chain.append(current)
        }
        return chain
    }

    func provides(_ id: Int) -> [Int] { id == 0 ? rootProvides : feature(id).provides }

    func children(of id: Int) -> [Int] {
        id == 0 ? features.filter { $0.parent == 0 }.map(\.id) : feature(id).children
    }

    init(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        self.seed = seed
        prefix = "W\(seed)"
        services = 4 + random.below(4)
        rootProvides = (0..<services).filter { _ in random.chance(45) }
        if rootProvides.isEmpty { rootProvides = [0] }
        rootPlace = random.pick([.run, .run, .initializer, .extensionMethod])
        // The tree: up to 4 levels, 1-3 children per holder, 3-12 features.
        let count = 3 + random.below(10)
        var open: [(id: Int, depth: Int)] = [(0, 0)]
        for id in 1...count {
            let candidates = open.filter { $0.depth < 4 }
            let parent = random.pick(candidates.isEmpty ? [(0, 0)] : candidates)
            let depth = parent.depth + 1
            let isHolder = depth < 4 && random.chance(45)
            var provides = (0..<services).filter { _ in random.chance(20) }
            if provides.count > 2 { provides = Array(provides.prefix(2)) }
            let component = random.pick(ComponentIdiom.allCases)
            features.append(Feature(id: id, parent: parent.id, isHolder: isHolder, provides: provides, component: component))
            if parent.id != 0 { features[parent.id - 1].children.append(id) }
            if isHolder { open.append((id, depth)) }
            // A holder holds two children at most, so the tree spreads.
            if parent.id != 0, features[parent.id - 1].children.count >= 3 { open.removeAll { $0.id == parent.id } }
        }
        for index in features.indices { drawWiring(index, &random) }
        drawLookups(&random)
        drawModuleLookups(&random)
    }

    private mutating func drawWiring(_ index: Int, _ random: inout SeededRandom) {
        features[index].attach = random.pick(AttachIdiom.allCases)
        if features[index].isHolder { features[index].place = random.pick(Place.allCases) }
    }

    /// Each feature asks for one to three services its chain provides (nearest first decides the
    /// provider, as the runtime's walk does); one feature in three apps asks for one nothing on
    /// its chain provides, or asks for a provided name as the wrong type.
    private mutating func drawLookups(_ random: inout SeededRandom) {
        for index in features.indices {
            let id = features[index].id
            let chain = ancestors(of: id)
            let reachable = Set(chain.flatMap(provides))
            let available = reachable.sorted()
            for _ in 0..<(1 + random.below(3)) where !available.isEmpty {
                let service = random.pick(available)
                // A lookup from a component of a name it declares itself is a property read.
                if features[index].provides.contains(service) { continue }
                features[index].lookups.append(Lookup(service: service, askedType: service, idiom: random.pick(LookupIdiom.allCases)))
            }
        }
        guard random.chance(40), !features.isEmpty else { return }
        let index = random.below(features.count)
        let chain = Set(ancestors(of: features[index].id).flatMap(provides)).union(features[index].provides)
        let idiom = random.pick(LookupIdiom.allCases)
        if let missing = (0..<services).first(where: { !chain.contains($0) }) {
            features[index].lookups.append(Lookup(service: missing, askedType: missing, idiom: idiom))
        } else if let present = chain.sorted().first, !features[index].provides.contains(present) {
            features[index].lookups.append(Lookup(service: present, askedType: (present + 1) % services, idiom: idiom))
        }
    }

    /// Module and router lookups at the end of the run, from handles `run()` holds: modules held
    /// by the holder or above it (found), and sometimes one held only below it (a miss).
    private mutating func drawModuleLookups(_ random: inout SeededRandom) {
        for _ in 0..<(1 + random.below(3)) {
            let holder = 0
            let held = children(of: holder)
            guard !held.isEmpty else { return }
            moduleLookups.append(ModuleLookup(holder: holder, key: random.pick(held), idiom: random.pick(ModuleLookupIdiom.allCases)))
        }
        if random.chance(30), let below = features.first(where: { $0.parent != 0 }) {
            moduleLookups.append(ModuleLookup(holder: 0, key: below.id, idiom: random.pick(ModuleLookupIdiom.allCases)))
        }
    }
}
