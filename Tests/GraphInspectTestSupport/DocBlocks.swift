/// The fenced code blocks of a Markdown page, for tests that run or compile what the docs show.
package enum DocBlocks {
    /// Each block fenced as ```` ```fence ```` in `page`, in order, its lines ending in `\n`.
    package static func blocks(in page: String, fence: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```" + fence {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
