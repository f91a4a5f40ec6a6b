import SwiftSyntax

/// `#if` blocks. Which clause a build compiles depends on conditions the reader is not given
/// (`DEBUG`, `os(iOS)`, flags), so every clause is read as code some build may run, as a
/// function body's `#if` is: a lookup in any clause is checked, and a provider in any clause
/// answers. A provider two clauses declare with different types keeps no type (each build has
/// one of them), so lookups of it are notes, not errors.
extension FileReader {
    /// The code of every clause of a top-level `#if` (nested ones read the same way), in source
    /// order; the declarations in them are read here.
    mutating func readTopLevel(_ block: IfConfigDeclSyntax) -> [CodeBlockItemSyntax] {
        var code: [CodeBlockItemSyntax] = []
        for clause in block.clauses {
            guard case .statements(let items)? = clause.elements else { continue }
            for item in items {
                if let nested = item.item.as(IfConfigDeclSyntax.self) {
                    code += readTopLevel(nested)
                } else if let decl = item.item.as(DeclSyntax.self), readDeclaration(decl, in: nil) {
                    continue
                } else {
                    code.append(item)
                }
            }
        }
        return code
    }

    /// The members of every clause of a `#if` in `owner`'s body.
    mutating func readMembers(of block: IfConfigDeclSyntax, of owner: String) {
        let first = contribution.changes.count
        for clause in block.clauses {
            guard case .decls(let members)? = clause.elements else { continue }
            readMembers(members, of: owner)
        }
        // `#if DEBUG let api: MockAPI #else let api: LiveAPI #endif`: neither type is known to be
        // the one a build has.
        var types: [String: Set<String>] = [:]
        for case .property(let propertyOwner, let property, _) in contribution.changes[first...] where propertyOwner == owner {
            types[property.name, default: []].insert(property.type?.spelling ?? "")
        }
        for offset in first..<contribution.changes.count {
            guard case .property(let propertyOwner, var property, let literal) = contribution.changes[offset], propertyOwner == owner,
                  (types[property.name]?.count ?? 0) > 1 else { continue }
            property.type = nil
            contribution.changes[offset] = .property(owner: owner, property, literal: literal)
        }
    }
}
