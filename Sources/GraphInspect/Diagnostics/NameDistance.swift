/// How alike two names are, for "did you mean" suggestions (the reports here and the test library's).
public enum NameDistance {
    /// Whether `candidate` is close enough to `name` to be a likely typo: an edit distance
    /// (ignoring case) of at most 1 for names up to 4 characters, 2 up to 8, 3 beyond.
    public static func isSimilar(_ candidate: String, to name: String) -> Bool {
        guard candidate != name else { return false }
        let limit = name.count <= 4 ? 1 : name.count <= 8 ? 2 : 3
        guard abs(candidate.count - name.count) <= limit else { return false }
        return distance(Array(candidate.lowercased()), Array(name.lowercased()), limit: limit) <= limit
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`. Only
    /// the cells within `limit` of the diagonal can stay within it, so only those are computed:
    /// linear in the names' length (two 20,000-character names compare in microseconds).
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit + 1) }
        if abs(a.count - b.count) > limit { return limit + 1 }
        let beyond = limit + 1
        var previous = [Int](repeating: beyond, count: b.count + 1)
        var current = previous
        for j in 0...min(b.count, limit) { previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[low - 1] = low == 1 && i <= limit ? i : beyond
            var rowMin = current[low - 1]
            for j in low...high {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution, beyond)
                rowMin = min(rowMin, current[j])
            }
            if high < b.count { current[high + 1] = beyond }
            if rowMin > limit { return beyond }
            swap(&previous, &current)
        }
        return min(previous[b.count], beyond)
    }
}
