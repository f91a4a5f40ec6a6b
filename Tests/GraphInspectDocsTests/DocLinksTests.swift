import Foundation
import Testing

/// Every relative link in the README and docs/ leads somewhere: the file exists, and an anchor
/// names a heading of it, as GitHub makes heading anchors.
@Suite struct DocLinksTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Markdown files a reader follows links from.
    static var pages: [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// GitHub's anchor for a heading: lowercased, every character but letters, digits, spaces,
    /// hyphens and underscores dropped, spaces made hyphens; a repeated one gets `-1`, `-2`.
    static func anchors(in markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let text = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(text.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// The targets of `[text](target)` links outside code, with their line numbers.
    static func links(in markdown: String) -> [(line: Int, target: String)] {
        var result: [(Int, String)] = []
        var fenced = false
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced else { continue }
            // Inline code spans are not links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                result.append((index + 1, String(after[..<close])))
                rest = after[close...]
            }
        }
        return result
    }

    @Test func everyRelativeLinkLeadsToAFileAndHeading() throws {
        var broken: [String] = []
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for (line, target) in Self.links(in: text) {
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].split(separator: " ").first.map(String.init) ?? ""
                let file = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                let name = "\(page.lastPathComponent):\(line): \(target)"
                guard FileManager.default.fileExists(atPath: file.path) else { broken.append("\(name) (no such file)"); continue }
                guard parts.count == 2, file.pathExtension == "md" else { continue }
                let headings = Self.anchors(in: try String(contentsOf: file, encoding: .utf8))
                if !headings.contains(parts[1]) { broken.append("\(name) (no such heading in \(file.lastPathComponent))") }
            }
        }
        #expect(broken.isEmpty, "\(broken.count) broken links:\n\(broken.joined(separator: "\n"))")
    }

    @Test func anchorsAreMadeAsGitHubMakesThem() {
        let anchors = Self.anchors(in: "# The build plugin's check (`--only build-check`)\n## Speed\n## Speed\n```\n# not a heading\n```")
        #expect(anchors == ["the-build-plugins-check---only-build-check", "speed", "speed-1"])
    }
}
