import Foundation
import GraphInspect
import GraphInspectCheckContract
import Testing
@testable import GraphInspectStatic

/// The one entry's report of what it reused: strategies tried in order, the one that answered,
/// and why each before it declined; and a damaged cache told in one line.
@Suite struct StaticCheckTests {
    /// A cold run declines every strategy, in order, each with its reason; the same files again
    /// are the whole run's; a comment added moves the positions the last reading names.
    @Test func theReportNamesTheStrategyThatAnsweredAndWhyTheOthersDeclined() throws {
        var files = try FidelityTests.moduleSampleFiles(withCheckout: true)
        let folder = CheckCacheTests.folder()
        let options = LastReadingTests.options(folder)
        let plain = StaticCheck.reading(of: files, options: LastReadingTests.options(nil))

        let (cold, coldReport) = StaticCheck.check(files, options: options)
        LastReadingTests.expectSame(cold, plain, "cold")
        #expect(coldReport.answeredBy == nil)
        // A check with no reading kept in memory tries the cache's strategies alone.
        #expect(coldReport.declined.map(\.strategy) == ReuseReport.Strategy.allCases.filter { !$0.answersFromMemory })
        #expect(coldReport.reason(.wholeRun) == "the cache keeps no last reading")
        #expect(coldReport.declined.allSatisfy { !$0.reason.isEmpty })
        #expect(coldReport.contributionsParsed > 0 && coldReport.contributionsFromCache == 0)

        let (warm, warmReport) = StaticCheck.check(files, options: options)
        LastReadingTests.expectSame(warm, plain, "warm")
        #expect(warmReport.answeredBy == .wholeRun && warmReport.declined.isEmpty && warmReport.contributionsParsed == 0)

        files[files.count / 2].text += "\n// a comment\n"
        let (commented, commentReport) = StaticCheck.check(files, options: options)
        LastReadingTests.expectSame(commented, StaticCheck.reading(of: files, options: LastReadingTests.options(nil)), "a comment")
        // The file is one the reading names: its positions are moved, not kept as they were.
        #expect(commentReport.answeredBy == .movedPositions)
        #expect(commentReport.declined.map(\.description) == [
            "wholeRun: the files, their texts or the options differ from the last reading's",
            "stillHolds: an edit may change what the reading says",
            "providerEdit: the edits are not one provider added or removed that the reading can absorb",
        ])
    }

    /// The findings alone (the build tool's request) come from the same strategies.
    @Test func theFindingsAloneAreAnsweredByTheSameStrategies() throws {
        let files = try FidelityTests.moduleSampleFiles(withCheckout: true)
        let folder = CheckCacheTests.folder()
        let options = LastReadingTests.options(folder)
        let plain = StaticCheck.reading(of: files, options: LastReadingTests.options(nil))
        let (cold, coldReport) = StaticCheck.findingsAndReuse(of: files, options: options)
        let (warm, warmReport) = StaticCheck.findingsAndReuse(of: files, options: options)
        #expect(cold.diagnostics == plain.diagnostics && cold.summary == plain.summary && cold == warm)
        #expect(coldReport.answeredBy == nil && warmReport.answeredBy == .wholeRun)
    }

    /// Every file of the cache damaged: the check reads every file, finds what it finds without
    /// a cache, and says so in exactly one warning line, naming the first file it found damaged.
    @Test(arguments: ["truncated", "flipped", "garbage", "empty"])
    func aCacheDamagedInEveryFileIsOneWarningLine(damage: String) throws {
        let files = try FidelityTests.moduleSampleFiles(withCheckout: true)
        let folder = CheckCacheTests.folder()
        let options = LastReadingTests.options(folder)
        let plain = StaticCheck.reading(of: files, options: LastReadingTests.options(nil))
        _ = StaticCheck.reading(of: files, options: options)
        let names = [CheckCache.readingFileName, CheckCache.fileName, CheckCache.analysisFileName]
        for name in names {
            let path = folder + "/" + name
            #expect(FileManager.default.fileExists(atPath: path), "\(name) written")
            try CheckCacheTests.damage(path, damage)
        }
        let (reading, report) = StaticCheck.check(files, options: options)
        LastReadingTests.expectSame(reading, plain, "\(damage)")
        #expect(reading.warnings == [
            "warning: graphinspect check: ignored the cache \(Quoted.visible(folder + "/" + CheckCache.readingFileName)): it is cut short or corrupt. Every file was read; the cache is written again.",
        ])
        #expect(report.answeredBy == nil)
        let (again, againReport) = StaticCheck.check(files, options: options)
        #expect(again.warnings.isEmpty && againReport.answeredBy == .wholeRun, "written again whole after \(damage)")
    }
}
