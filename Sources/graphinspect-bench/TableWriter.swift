import Foundation

/// Prints rows as an aligned table: median, min, max, the baseline's median, the ratio, the target.
enum TableWriter {
    static func print(_ rows: [Row], title: String) {
        let header = ["figure", "median", "min", "max", "baseline (median)", "ratio", "target"]
        let cells = rows.map { row in
            [
                row.name,
                row.unit.format(row.measured.median),
                row.unit.format(row.measured.min),
                row.unit.format(row.measured.max),
                row.baseline.map { "\(row.baselineName ?? "") \(row.unit.format($0.median))" } ?? "",
                row.ratioText,
                row.targetText,
            ]
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        func line(_ fields: [String]) -> String {
            zip(fields, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }
        Swift.print("== \(title)")
        Swift.print(line(header))
        for row in cells { Swift.print(line(row)) }
        Swift.print("")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
