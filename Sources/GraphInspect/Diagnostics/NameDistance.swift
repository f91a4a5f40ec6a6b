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

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
