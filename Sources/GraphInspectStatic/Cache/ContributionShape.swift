import GraphInspectCheckContract

/// What a file contributes with every position replaced by its rank among the file's positions:
/// the same for an edit that moves lines (a comment, a blank line, code re-indented) and changes
/// nothing else the reader keeps.
///
/// The analysis treats positions as names: it compares them and sorts them, and never reads a
/// line number for anything else. So two contributions of one shape give readings that differ only
/// by that file's positions, moved in order; a reading that names no position of the file is the
/// same for both (`LastReading.stillHolds`).
extension FileContribution {
    var shapeKey: CacheKey { shapeKey(leavingOut: nil) }

    /// The shape with the statements `inert` finds left out: the same for an edit that also adds
    /// or removes such statements, which cannot change the reading (`InertStatements`).
    func shapeKey(leavingOut inert: (any StatementFilter)?) -> CacheKey {
        var gathering = CacheBytesWriter()
        gathering.positions = .gathered
        gathering.leavingOut = inert
        write(to: &gathering)
        var ranks: [SourcePosition: Int] = [:]
        for (rank, position) in Set(gathering.gathered).sorted().enumerated() { ranks[position] = rank }
        var ranked = CacheBytesWriter()
        ranked.positions = .ranked(ranks)
        ranked.leavingOut = inert
        write(to: &ranked)
        return ranked.bytes.withUnsafeBytes { CacheKey(bytes: $0) }
    }
}

extension FileScan {
    /// The digest of what the scan holds.
    var key: CacheKey {
        var out = CacheBytesWriter()
        write(to: &out)
        return out.bytes.withUnsafeBytes { CacheKey(bytes: $0) }
    }
}
