import Foundation
import GraphInspectCheckContract
import GraphInspectGeneratedApp
@testable import GraphInspectStatic
import Testing

/// The last reading's file damaged as the contributions' file is in `CheckCacheTests`: one
/// warning, the reading complete and the same, and a good file written in its place.
@Suite struct DamagedLastReadingTests {
    @Test(arguments: ["truncated", "flipped", "garbage", "empty", "other build", "a folder"])
    func aDamagedLastReadingIsOneWarning(damage: String) throws {
        let files = try LastReadingTests.appFiles()
        let plain = StaticCheck.reading(of: files, options: LastReadingTests.options(nil))
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: LastReadingTests.options(folder))
        let path = folder + "/" + CheckCache.readingFileName
        var options = LastReadingTests.options(folder)
        if damage == "other build" {
            options.cacheIdentity = CheckCache.identity(sources: "another")
        } else if damage == "a folder" {
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } else {
            try CheckCacheTests.damage(path, damage)
        }
        let reading = StaticCheck.reading(of: files, options: options)
        LastReadingTests.expectSame(reading, plain, "\(damage)")
        #expect(reading.warnings.count == 1, "\(damage): \(reading.warnings)")
        #expect(reading.warnings.first?.hasPrefix("warning: graphinspect check: ") == true)
        guard damage != "a folder" else { return }
        let again = StaticCheck.reading(of: files, options: options)
        #expect(again.warnings.isEmpty, "\(damage): written again whole")
        LastReadingTests.expectSame(again, plain, "\(damage), again")
    }
}
