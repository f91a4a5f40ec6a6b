import Foundation
@testable import GraphInspectStatic
import Testing

extension EditorSessionTests {
    /// A branch's test flipped in an editor (`if online` to `if !online`, and back): each session
    /// reading is what a fresh reading gives. Flipped, the offline search asks for the page size
    /// its component lacks: one error; flipped back, none.
    @Test func aFlippedBranchTestReadsAsCheckReadsIt() throws {
        var files = try StaticReader.files(in: [DefectFixtureTests.fixtures.appendingPathComponent("literal-branch").path])
        let session = StaticReader.EditorSession()
        LastReadingTests.expectSame(session.reading(of: files, cachePath: nil).reading, Self.truth(files), "before")
        #expect(Self.truth(files).diagnostics.filter { $0.severity == .error }.isEmpty)
        let original = files[0].text
        files[0].text = original.replacingOccurrences(of: "if online {", with: "if !online {")
        #expect(files[0].text != original)
        LastReadingTests.expectSame(session.reading(of: files, cachePath: nil).reading, Self.truth(files), "flipped, \(session.lastPath)")
        #expect(Self.truth(files).diagnostics.filter { $0.severity == .error }.map(\.message) == ["missing dependency `pageSize: Int`"])
        files[0].text = original
        LastReadingTests.expectSame(session.reading(of: files, cachePath: nil).reading, Self.truth(files), "flipped back, \(session.lastPath)")
    }
}
