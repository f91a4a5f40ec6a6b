/// The end of `query stats`' text: the graph's health, as the few providers and components that
/// stand out by each figure, so a person need not read a table of thousands of rows to find them.
extension QueryText {
    /// How many of each figure's largest are listed.
    static let outliers = 5

    /// The health section: the largest blast radii, fan-ins and fan-outs (none of zero), each
    /// largest first, ties by name; no section when nothing resolves.
    static func health(_ answer: StatsAnswer) -> [String] {
        let radii = answer.providers.filter { $0.blastRadius != .none }.sorted {
            let a = $0.blastRadius, b = $1.blastRadius
            return (-a.lookups, -a.components, -a.modules, $0.component, $0.name) < (-b.lookups, -b.components, -b.modules, $1.component, $1.name)
        }
        let fanIns = answer.providers.filter { $0.fanIn > 0 }.sorted { (-$0.fanIn, $0.component, $0.name) < (-$1.fanIn, $1.component, $1.name) }
        let fanOuts = answer.components.filter { $0.fanOut > 0 }.sorted { (-$0.fanOut, $0.component) < (-$1.fanOut, $1.component) }
        guard !radii.isEmpty || !fanIns.isEmpty || !fanOuts.isEmpty else { return [] }
        var lines = ["health: the largest \(outliers) of each figure"]
        if !radii.isEmpty {
            lines.append("  blast radius (what fails without it: lookups, their component types, the modules built with those):")
            lines += radii.prefix(outliers).map { provider in
                let radius = provider.blastRadius
                return "    \(provider.component).\(provider.name): \(counted(radius.lookups, "lookup")), \(counted(radius.components, "component")), \(counted(radius.modules, "module"))"
            }
        }
        if !fanIns.isEmpty {
            lines.append("  fan-in (component types whose lookups it answers):")
            lines += fanIns.prefix(outliers).map { "    \($0.component).\($0.name): \($0.fanIn)" }
        }
        if !fanOuts.isEmpty {
            lines.append("  fan-out (providers that answer its lookups):")
            lines += fanOuts.prefix(outliers).map { "    \($0.component): \($0.fanOut)" }
        }
        return lines
    }

    /// `1 lookup`, `2 lookups`.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// A figure to two decimals, always written with both: `1.50`.
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
