import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Where a failed expectation was written, as Swift Testing and XCTest want it.
public struct CallSite: Sendable {
    public var fileID: String
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failure at the caller's line, so that it fails a test from any task or thread.
///
/// On a Swift Testing test's own task it is an issue of that test. Elsewhere (`Task.detached`, a
/// thread of its own) Swift Testing cannot tell which test is running (its current test is
/// task-local), and XCTest can (its current test case is global): the failure goes to both. XCTest
/// fails the running test case and Swift Testing drops the issue when no Swift Testing test runs;
/// under Swift Testing the issue fails the run, reported against an unknown test at the caller's
/// line, and XCTest drops the failure. Never silent: with neither library, it is printed.
///
/// A `.warning` is recorded without failing anything: an issue of that severity under Swift
/// Testing (shown, the run stays green); under XCTest, which has no warnings, a printed line.
enum FailureReporter {
    static func fail(_ message: String, at site: CallSite, severity: Issue.Severity = .error) {
        let location = Testing.SourceLocation(
            fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column)
        )
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), severity: severity, sourceLocation: location)
            return
        }
        guard severity == .error else {
            print("\(site.filePath):\(site.line): warning: \(message)")
            return
        }
        #if canImport(XCTest)
        XCTFail(message, file: site.filePath, line: site.line)
        #else
        print("\(site.filePath):\(site.line): error: \(message)")
        #endif
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }
}
