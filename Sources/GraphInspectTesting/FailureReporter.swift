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

/// Reports a failure at the caller's line: as a Swift Testing issue inside a Swift Testing test,
/// as an XCTest failure otherwise.
enum FailureReporter {
    static func fail(_ message: String, at site: CallSite) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: Testing.SourceLocation(
                    fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column)
                )
            )
        } else {
            #if canImport(XCTest)
            XCTFail(message, file: site.filePath, line: site.line)
            #else
            print("\(site.filePath):\(site.line): error: \(message)")
            #endif
        }
    }
}
