import GraphInspectCheckContract

/// What an editor's session keeps of its last reading, in memory, for the next request: the files
/// it read, the fixed point it settled at (`FixedPointReading`), and the reading as it was
/// answered. The entry's in-memory strategies answer the next files from it
/// (`InMemoryStrategies`), and each answer is the one to keep next.
///
/// A class, so a request can carry it: it is read by the one thread that asks, never shared.
final class InMemoryReading: @unchecked Sendable {
    let files: [StaticReader.SourceFile]
    let fixedPoint: FixedPointReading
    let reading: StaticReading

    init(files: [StaticReader.SourceFile], fixedPoint: FixedPointReading, reading: StaticReading) {
        self.files = files
        self.fixedPoint = fixedPoint
        self.reading = reading
    }
}
