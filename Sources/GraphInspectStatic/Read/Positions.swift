import GraphInspectCheckContract
import SwiftSyntax

/// Turns syntax nodes of one file into `path:line:column` positions.
struct Positions {
    let path: String
    let source: SourceText
    /// `FileReader.nestedInScope` where the body being read is.
    let nestedInScope: [String: String]
    /// `FileReader.moduleNames` and `moduleKeys`.
    let moduleNames: [String: String]
    let moduleKeys: Set<String>
    /// The file's `BranchEscapes`, which the body readers add to.
    let escapes: BranchEscapes

    /// A written type, its name resolved to a nested type in scope where there is one, else to
    /// this module's own when other modules declare one of that name; `Module.X` to that module's.
    func written(_ type: TypeSyntax) -> WrittenType {
        var result = WrittenTypeReader.read(type, in: source)
        if let nested = nestedInScope[result.name] {
            result.name = nested
        } else if let qualified = WrittenTypeReader.memberName(type), moduleKeys.contains(qualified) {
            result.name = qualified
        } else if let own = moduleNames[result.name] {
            result.name = own
        }
        return result
    }

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        let location = source.location(of: node)
        return SourcePosition(file: path, line: location.line, column: location.column)
    }
}
