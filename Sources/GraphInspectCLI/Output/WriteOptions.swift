import ArgumentParser
import Foundation
import GraphInspect

/// A set of formats one command writes (`OutputFormat` for dump, render and check; smaller sets
/// for diff and replay). Each case's raw value is its `--format` name and matches the
/// `OutputFormat` of the same name, whose extensions it shares.
public protocol WritableFormat: RawRepresentable<String>, CaseIterable, ExpressibleByArgument, Equatable, Sendable {}

/// A command that writes a file in one of its `Format`s.
public protocol WritingCommand {
    associatedtype Format: WritableFormat
    /// What the command writes when neither `--format` nor the output's extension says.
    static var defaultFormat: Format { get }
}

/// `--format` and `--output`, shared by every command that writes, and the one place that decides
/// the format: the flag, else the output's extension, else the command's default. A flag that
/// contradicts the extension, or an extension naming a format the command does not write, is a
/// usage error (exit 64).
public struct WriteOptions<Command: WritingCommand>: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "How to write it: \(Command.Format.allCases.map(\.rawValue).joined(separator: ", ")). Default: the --output file's extension, else \(Command.defaultFormat.rawValue).",
        valueName: "format"))
    public var format: Command.Format?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (- for standard output); its extension picks the format.", valueName: "file"), completion: .file())
    public var output: String?

    public init() {}

    /// The format to write, decided as the type's summary says.
    func resolved() throws(CLIError) -> Command.Format {
        try Self.resolve(format, output: output)
    }

    /// Whether either flag was given (`check` writes a graph only when one is).
    var isGiven: Bool { format != nil || output != nil }

    static func resolve(_ given: Command.Format?, output: String?) throws(CLIError) -> Command.Format {
        guard let named = OutputFormat.impliedName(by: output) else { return given ?? Command.defaultFormat }
        if let given {
            guard given.rawValue == named else {
                throw .formatContradicts(format: given.rawValue, path: output ?? "", implied: named)
            }
            return given
        }
        guard let implied = Command.Format(rawValue: named) else {
            throw .formatNotWritten(path: output ?? "", implied: named, writable: Command.Format.allCases.map(\.rawValue))
        }
        return implied
    }

    /// `resolved()` for `validate()`, as the parser's usage error.
    public func validate() throws {
        do {
            _ = try resolved()
        } catch {
            throw ValidationError("\(error)")
        }
    }
}

extension WriteOptions where Command.Format == OutputFormat {
    /// Refuses a format the picture flags do not fit (`validate()` of dump, render and check).
    func validate(with diagram: DiagramFlags) throws {
        try diagram.validate(for: try resolved())
    }

    /// Writes `snapshot` as asked: the format decided once, a binary format never to a terminal,
    /// pictures drawn with `diagram`'s filters and layout.
    func write(_ snapshot: GraphSnapshot, drawn diagram: DiagramFlags, leakGrace: UInt64 = RetainedAfterDetach.defaultGrace) throws(CLIError) {
        let format = try resolved()
        try Output.checkBinary(format, to: output)
        try Output.write(try format.write(snapshot, diagram: diagram.options, layout: diagram.layout, leakGrace: leakGrace), to: output)
    }
}
