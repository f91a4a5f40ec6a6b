import GraphInspect

/// The answers as text a person reads, in the manner of `npm why`: the answer first, then the
/// lines that show it, each place as `file:line` so editors and terminals link it.
public enum QueryText {
    public static func text(_ answer: ProviderAnswer) -> String {
        var lines: [String] = []
        let name = "`\(Quoted.name(answer.name))`"
        if answer.answers.count > 1 { lines.append("\(answer.from) is reached along \(answer.answers.count) chains that answer \(name) differently:") }
        for entry in answer.answers {
            let indent = answer.answers.count > 1 ? "  " : ""
            guard let provider = entry.provider, let hops = entry.hops else {
                lines.append(indent + "nothing provides \(name) for \(answer.from): its chain is \(entry.path.joined(separator: " -> ")).")
                for other in entry.elsewhere ?? [] {
                    let declared = other.file.map { " (\($0):\(other.line ?? 0))" } ?? ""
                    lines.append(indent + "  provided elsewhere: \(other.component).\(Quoted.name(answer.name))\(declared), not an ancestor of \(answer.from)")
                }
                if let fix = entry.fix { lines.append(indent + "  fix: " + fix) }
                continue
            }
            let distance = hops == 0 ? "itself" : "\(hops) \(hops == 1 ? "hop" : "hops") up"
            let declared = entry.file.map { " (\($0):\(entry.line ?? 0))" } ?? ""
            let type = entry.type.map { ": \($0)" } ?? ""
            lines.append(indent + "\(name) for \(answer.from) comes from \(provider)\(type), \(distance)\(declared)")
            lines.append(indent + "  " + entry.path.joined(separator: " -> "))
            if let fallback = entry.whenNil {
                lines.append(indent + "  (its value is optional: while it is nil, \(fallback) answers)")
            }
            if entry.by == "name" {
                lines.append(indent + "  (\(answer.from) makes no lookup of \(name): this is the nearest provider of the name, its type not compared)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func text(_ answer: UsersAnswer) -> String {
        let declared = answer.file.map { " (\($0):\(answer.line ?? 0))" } ?? ""
        guard !answer.users.isEmpty else { return "\(answer.provider)\(declared) answers no lookup: unused.\n" }
        let total = answer.users.count
        var lines = ["\(answer.provider)\(declared) answers \(total) \(total == 1 ? "lookup" : "lookups"):"]
        for user in answer.users {
            lines.append("  \(place(user.file, user.line))\(user.requester), \(hopsText(user.hops))\(times(user.count))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func text(_ answer: ImpactAnswer) -> String {
        let what = answer.change == "move" ? "Moving \(answer.provider) to \(answer.to ?? "?")" : "Removing \(answer.provider)"
        func start(_ entry: ImpactAnswer.Entry) -> String { "  \(place(entry.file, entry.line))\(entry.requester)" }
        func name(_ entry: ImpactAnswer.Entry) -> String { "`\(Quoted.name(entry.name))`" }
        func answered(_ entry: ImpactAnswer.Entry) -> String {
            "\(start(entry)) asks for \(name(entry)), answered by \(entry.to ?? "?") (\(hopsText(entry.hopsAfter ?? 0)))\(times(entry.count))"
        }
        // Each list: the verb counting it, its heading, and its lines.
        let sections: [(verb: String, entries: [ImpactAnswer.Entry], heading: String, line: (ImpactAnswer.Entry) -> String)] = [
            ("breaks", answer.breaks, "breaks (nothing left to answer them; check would report each):", { entry in
                let asks = entry.propertyRead == true ? "reads \(name(entry)), its own property until now"
                    : entry.from == nil ? "asks for \(name(entry)), a lookup made only after the change" : "asks for \(name(entry))"
                return "\(start(entry)) \(asks)\(times(entry.count))"
            }),
            ("rebinds", answer.rebinds, "rebinds (answered by another provider):", { entry in
                let before = entry.hopsBefore ?? 0, after = entry.hopsAfter ?? 0
                if entry.propertyRead == true {
                    return "\(start(entry)): \(name(entry)) read its own property; now a lookup that \(entry.to ?? "?") answers (\(hopsText(after)))\(times(entry.count))"
                }
                let way = after < before ? "nearer" : after > before ? "farther" : "as far"
                return "\(start(entry)): \(name(entry)) from \(entry.from ?? "?") (\(hopsText(before))) to \(entry.to ?? "?") (\(hopsText(after))), \(way)\(times(entry.count))"
            }),
            ("fixes", answer.fixes, "fixes (found nothing, would be answered):", answered),
            ("ends", answer.gone, "no longer made (the code that makes them ran only through the declaration):", { "\(start($0)) asks for \(name($0))\(times($0.count))" }),
            ("adds", answer.added, "made only after the change:", answered),
            ("leaves", answer.unchanged, "unchanged (within its reach, answered as before):", { entry in
                guard let provider = entry.from else { return "\(start(entry)) asks for \(name(entry)), which nothing answers, before or after\(times(entry.count))" }
                return "\(start(entry)): \(name(entry)) from \(provider) (\(hopsText(entry.hopsBefore ?? 0)))\(times(entry.count))"
            }),
        ]
        let shown = sections.filter { !$0.entries.isEmpty }
        guard !shown.isEmpty else { return "\(what) changes no lookup.\n" }
        var lines = ["\(what) " + shown.map { section in
            let counted = section.entries.count == 1 ? "1 lookup" : "\(section.entries.count) lookups"
            return section.verb == "leaves" ? "leaves \(counted) unchanged" : "\(section.verb) \(counted)"
        }.joined(separator: ", ") + ":"]
        for section in shown {
            lines.append(section.heading)
            lines += section.entries.map(section.line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func text(_ answer: PathAnswer) -> String {
        guard let direction = answer.direction, let first = answer.paths.first else {
            return "no path between \(answer.from) and \(answer.to): neither is above the other on any chain.\n"
        }
        let (lower, upper) = direction == "up" ? (answer.from, answer.to) : (answer.to, answer.from)
        let hops = first.count - 1
        var lines = ["\(upper) is \(hopsText(hops)) above \(lower)" + (answer.paths.count > 1 ? ", on the shortest of \(answer.paths.count + answer.more) paths:" : ":")]
        for (number, path) in answer.paths.enumerated() {
            if answer.paths.count > 1 { lines.append("path \(number + 1):") }
            for step in path {
                lines.append("  \(step.type) (\(step.kind)\(step.file.map { ", \($0):\(step.line ?? 0)" } ?? ""))")
            }
        }
        if answer.more > 0 { lines.append("and \(answer.more) more (--format json lists the first \(PathAnswer.limit))") }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func text(_ answer: StatsAnswer) -> String {
        var lines: [String] = []
        if let longest = answer.longest {
            lines.append("longest lookup: \(longest.requester) asks for `\(Quoted.name(longest.name))`, answered by \(longest.provider), \(hopsText(longest.hops))\(longest.file.map { " (\($0):\(longest.line ?? 0))" } ?? "")")
            lines.append("  " + longest.path.joined(separator: " -> "))
        }
        let unused = answer.providers.filter(\.unused)
        let shadowing = answer.providers.filter { $0.shadowing != nil }
        lines.append("providers: \(answer.providers.count), unused: \(unused.count), shadowing: \(shadowing.count)")
        lines.append(contentsOf: table(
            ["provider", "lookups", "fan-in", "reads", "breaks", ""],
            answer.providers.map { provider in
                let flags = [provider.unused ? "unused" : nil, provider.shadowing.map { "shadows \($0)" }].compactMap { $0 }
                return [
                    "\(provider.component).\(provider.name)", "\(provider.lookups)", "\(provider.fanIn)", "\(provider.propertyReads)",
                    "\(provider.blastRadius.lookups)", flags.joined(separator: ", "),
                ]
            }
        ))
        lines.append("components: \(answer.components.count)")
        lines.append(contentsOf: table(
            ["component", "depth", "asks for", "fan-out", "most hops", "mean hops"],
            answer.components.map { [$0.component, "\($0.depth)", "\($0.lookups)", "\($0.fanOut)", "\($0.mostHops)", $0.meanHops.map(decimal) ?? "-"] }
        ))
        lines += health(answer)
        return lines.joined(separator: "\n") + "\n"
    }

    static func place(_ file: String?, _ line: Int?) -> String {
        file.map { "\($0):\(line ?? 0)  " } ?? ""
    }

    /// How many lookups a line stands for, when more than one.
    static func times(_ count: Int) -> String { count > 1 ? ", \(count) times" : "" }

    static func hopsText(_ hops: Int) -> String { hops == 1 ? "1 hop" : "\(hops) hops" }

    /// Columns padded to their widest cell.
    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            var line = "  "
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                // Names left, counts right; a column with no header is a flag, left.
                line += column == 0 ? cell + pad : "  " + (header[column].isEmpty ? cell + pad : pad + cell)
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}
