import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Where a failed expectation was written, as Swift Testing and XCTest want it.
public struct CallSite: Sendable {
    public var fileID: String
    public var filePath: String
    public var line: Int
    public var column: Int

    public init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failure at the caller's line: as a Swift Testing issue inside a Swift Testing test,
/// as an XCTest failure otherwise.
enum FailureReporter {
    static func fail(_ message: String, at site: CallSite) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: Testing.SourceLocation(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
            )
        } else {
            #if canImport(XCTest)
            XCTFail(message, file: StaticString(stringLiteral: "graphinspect"), line: UInt(site.line))
            #else
            print("\(site.filePath):\(site.line): error: \(message)")
            #endif
        }
    }
}
