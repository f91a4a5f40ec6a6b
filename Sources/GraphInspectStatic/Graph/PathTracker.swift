/// The sites from a root down to the one being expanded, for a depth-first walk that pops back up:
/// finds a site met again below itself without copying the path at every step (a chain 10,000
/// deep would copy 50 million entries).
struct PathTracker {
    private var path: [Int] = []
    private var depthOf: [Int: Int] = [:]

    /// Moves to `depth` (dropping what was below it); the loop when `site` is already on the path.
    mutating func enter(_ site: Int, at depth: Int) -> [Int]? {
        while path.count > depth { depthOf[path.removeLast()] = nil }
        guard let start = depthOf[site] else { return nil }
        return Array(path[start...]) + [site]
    }

    mutating func push(_ site: Int) {
        depthOf[site] = path.count
        path.append(site)
    }
}
