/// A readable line diff for failure messages: `-` for the golden or the expected text, `+` for
/// what the test produced,
/// runs of unchanged lines collapsed to a count, with a legend.
enum LineDiff {
    /// Unchanged lines shown around each change.
    static let context = 2

    /// `expectedName` names the `-` side in the legend: "golden" or "expected".
    static func render(expected: String, actual: String, expectedName: String = "golden") -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let operations = diff(old, new)
        var lines = ["(- \(expectedName), + actual, … unchanged lines collapsed)"]
        var index = 0
        while index < operations.count {
            if case .same = operations[index] {
                var end = index
                while end < operations.count, case .same = operations[end] { end += 1 }
                let run = operations[index..<end]
                let keepStart = index == 0 ? 0 : context, keepEnd = end == operations.count ? 0 : context
                if run.count > keepStart + keepEnd + 1 {
                    lines += run.prefix(keepStart).map(\.line)
                    lines.append("  … \(run.count - keepStart - keepEnd) unchanged lines")
                    lines += run.suffix(keepEnd).map(\.line)
                } else {
                    lines += run.map(\.line)
                }
                index = end
            } else {
                lines.append(operations[index].line)
                index += 1
            }
        }
        return lines.joined(separator: "\n")
    }

    enum Operation {
        case same(String), removed(String), added(String)

        var line: String {
            switch self {
            case .same(let text): "  " + text
            case .removed(let text): "- " + text
            case .added(let text): "+ " + text
            }
        }
    }

    /// Longest-common-subsequence diff of the part between the common prefix and suffix; a middle
    /// too big for the table is shown as removed-then-added.
    static func diff(_ old: [String], _ new: [String]) -> [Operation] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)]), b = Array(new[prefix..<(new.count - suffix)])
        var middle: [Operation] = []
        if a.count * b.count > 4_000_000 {
            middle = a.map { .removed($0) } + b.map { .added($0) }
        } else {
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < a.count || j < b.count {
                if i < a.count, j < b.count, a[i] == b[j] {
                    middle.append(.same(a[i])); i += 1; j += 1
                } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                    middle.append(.removed(a[i])); i += 1
                } else {
                    middle.append(.added(b[j])); j += 1
                }
            }
        }
        return old[..<prefix].map { .same($0) } + middle + old[(old.count - suffix)...].map { .same($0) }
    }
}
