import ArgumentParser
import NIOCore
import SwiftParser
import Yams

/// The statements in `source`: one use of swift-syntax, so the library links what it imports.
public func statementCount(_ source: String) -> Int {
    Parser.parse(source: source).statements.count
}
