import GraphInspect
import GraphInspectCheckContract

/// The last reading after edits that only move positions in files the reading names: a comment or
/// a blank line added inside a component, code re-indented, an inert statement added or removed
/// (`InertStatements`), above a lookup or a provider.
///
/// Why it holds: each edited file contributes the same shape as when the reading was made (the
/// same once every position is replaced by its rank among the file's positions, inert statements
/// left out of both), so the analysis reads the same program but for that file's positions, moved
/// in order. It uses positions only as names, which it compares and sorts, and a position's file
/// comes first in both, so every comparison it makes comes out the same: the reading is the last
/// one with each of those positions moved (`FileContribution.shapeKey`). Nothing is moved by
/// guesswork: a place of the file that is not one of its contribution's positions, a lookup whose
/// recorded line is not its place's, or a finding whose words name the file (other than a missing
/// dependency's report, made again from the moved snapshot as the builder words it) gives up, and
/// the analysis runs. `LastReadingTests` holds each such reading to one made from scratch.
extension LastReading {
    func afterPositionsMoved(_ edits: EditedFiles) -> LastReading? {
        // Only the reader's own findings: a rules file's would have to be found again.
        guard optionsKey.hasSuffix("\u{0}"), !edits.files.isEmpty else { return nil }
        var reading = self
        var moves: [MovedPositions] = []
        for edited in edits.files {
            var entry = files[edited.index]
            entry.text = edited.text
            if let after = edited.contribution {
                guard let before = edits.contributionBefore(edited.index) else { return nil }
                var filter: InertStatements?
                let shape = after.shapeKey
                if before.shapeKey != shape {
                    guard let inert = edits.inert else { return nil }
                    guard before.shapeKey(leavingOut: inert) == after.shapeKey(leavingOut: inert) else { return nil }
                    filter = inert
                }
                guard let move = MovedPositions(file: edited.source.path, before: before, after: after, leavingOut: filter) else { return nil }
                moves.append(move)
                entry.nowReads(after, shape: shape)
            }
            // (No contribution: a module the reading does not read, so nothing of it is named.)
            reading.files[edited.index] = entry
        }
        guard !moves.isEmpty else { return reading }
        return reading.moved(by: moves)
    }

    /// This reading with each file's positions moved as `moves` say (its entries already the
    /// files' now); nil where a place or a finding cannot be moved (`MovedPositions.apply`), or
    /// a finding other than a missing dependency's report names a moved file in words.
    func moved(by moves: [MovedPositions]) -> LastReading? {
        var reading = self
        // The graph's JSON is not written again: the moves wait in the reading until it is
        // decoded (`decodedParts`), a few at most.
        reading.pendingMoves += moves
        func names(_ diagnostic: StaticDiagnostic) -> Bool {
            ([diagnostic.message] + diagnostic.details).contains { text in moves.contains { text.contains($0.file) } }
        }
        guard diagnostics.contains(where: names) || reading.pendingMoves.count > Self.mostPendingMoves else {
            // No finding names an edited file in words: each finding's place moves, nothing else.
            var moved = diagnostics
            for move in moves {
                guard let next = move.apply(to: moved) else { return nil }
                moved = next
            }
            reading.diagnostics = moved.sorted()
            return reading
        }
        // The missing-dependency reports name their lookup's place in words: made again from the
        // moved snapshot. Any other finding whose words name an edited file gives up.
        guard let unmoved = decodedParts() else { return nil }
        var parts = unmoved
        for move in moves {
            guard let moved = move.apply(to: parts) else { return nil }
            parts = moved
        }
        let reports = Set(ProviderListEdit.reports(unmoved.snapshot, lookups: unmoved.places.lookups))
        guard reports.isSubset(of: diagnostics) else { return nil }
        var others = diagnostics.filter { !reports.contains($0) }
        guard !others.contains(where: names) else { return nil }
        for move in moves {
            guard let moved = move.apply(to: others) else { return nil }
            others = moved
        }
        if reading.pendingMoves.count > Self.mostPendingMoves { reading.setParts(parts) }
        reading.diagnostics = Array(Set(others).union(ProviderListEdit.reports(parts.snapshot, lookups: parts.places.lookups))).sorted()
        return reading
    }

    /// How many moves may wait before the graph's JSON is written again with them applied.
    static let mostPendingMoves = 8
}

/// One file's positions before an edit that keeps its shape, each where it is after: the n-th
/// position in order before is the n-th after.
struct MovedPositions {
    let file: String
    let moved: [SourcePosition: SourcePosition]

    init(file: String, moved: [SourcePosition: SourcePosition]) {
        self.file = file
        self.moved = moved
    }

    /// The positions of two contributions of one shape (with `leavingOut`'s statements left out
    /// of both), paired in order; nil when they are not as many.
    init?(file: String, before: FileContribution, after: FileContribution, leavingOut filter: (any StatementFilter)?) {
        let old = Self.positions(before, leavingOut: filter), new = Self.positions(after, leavingOut: filter)
        guard old.count == new.count else { return nil }
        self.file = file
        moved = Dictionary(zip(old, new), uniquingKeysWith: { first, _ in first })
    }

    /// Every position a contribution writes, sorted, once each.
    static func positions(_ contribution: FileContribution, leavingOut filter: (any StatementFilter)? = nil) -> [SourcePosition] {
        var gathering = CacheBytesWriter()
        gathering.positions = .gathered
        gathering.leavingOut = filter
        contribution.write(to: &gathering)
        return Set(gathering.gathered).sorted()
    }

    /// The reading's parts with every position of the file moved; nil where a place of the file is
    /// not one the edit moves, or a lookup's recorded line is not its place's.
    func apply(to parts: LastReading.ReadingParts) -> LastReading.ReadingParts? {
        var parts = parts
        var unknown = false
        func move(_ position: SourcePosition) -> SourcePosition {
            guard position.file == file else { return position }
            guard let moved = moved[position] else {
                unknown = true
                return position
            }
            return moved
        }
        for index in parts.snapshot.events.indices {
            guard case .lookup(var lookup) = parts.snapshot.events[index], let location = lookup.location, location.file == file else { continue }
            guard let position = parts.places.lookups[index], position.line == location.line else { return nil }
            lookup.location = SourceLocation(file: file, line: move(position).line)
            parts.snapshot.events[index] = .lookup(lookup)
        }
        parts.places.lookups = parts.places.lookups.mapValues(move)
        parts.places.providers = parts.places.providers.mapValues { $0.mapValues(move) }
        parts.places.types = parts.places.types.mapValues(move)
        parts.places.unplacedComponents = parts.places.unplacedComponents?.mapValues(move)
        parts.places.propertyReads = parts.places.propertyReads?.map { read in
            var read = read
            read.position = move(read.position)
            return read
        }
        parts.places.declarationsRunningCode = parts.places.declarationsRunningCode?.map(move)
        parts.places.syntaxErrors = parts.places.syntaxErrors?.map(move)
        parts.facts.lookupPositions = parts.facts.lookupPositions.mapValues { Set($0.map(move)) }
        return unknown ? nil : parts
    }

    /// The findings with their positions in the file moved; nil where one is not a position the
    /// edit moves.
    func apply(to diagnostics: [StaticDiagnostic]) -> [StaticDiagnostic]? {
        var moved: [StaticDiagnostic] = []
        moved.reserveCapacity(diagnostics.count)
        for var diagnostic in diagnostics {
            if diagnostic.position.file == file {
                guard let position = self.moved[diagnostic.position] else { return nil }
                diagnostic.position = position
            }
            moved.append(diagnostic)
        }
        return moved
    }
}
