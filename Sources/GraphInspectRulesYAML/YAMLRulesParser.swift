import Foundation
import GraphInspectRules
import Yams

/// Reads a rules file's YAML with Yams into a `RulesDocument`, keeping each value's line and
/// column, so every error about a rule points at it. This is the only code that sees Yams.
public enum YAMLRulesParser {
    /// The most values read; a document past it (an alias bomb, say) is refused, not expanded.
    static let valueLimit = 100_000

    /// Installs the parser for `RuleSetReader.read`.
    public static func install() {
        RulesFileHook.parse = { text, path throws(RulesError) in try parse(text, path: path) }
    }

    public static func parse(_ text: String, path: String) throws(RulesError) -> RulesDocument {
        let root: Node?
        do {
            root = try compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, path: path)
        } catch {
            throw RulesError(path: path, .syntax("\(error)"))
        }
        guard let root else { throw RulesError(path: path, line: 1, column: 1, .noRules(found: "an empty file")) }
        var budget = valueLimit
        return try document(root, path: path, budget: &budget)
    }

    private static func document(_ node: Node, path: String, budget: inout Int) throws(RulesError) -> RulesDocument {
        budget -= 1
        let place = RulesDocument.Place(line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
        guard budget >= 0 else { throw RulesError(path: path, line: place.line, column: place.column, .syntax("more than \(valueLimit) values (aliases expanding?); a rules file is a few dozen lines")) }
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, place)
        case .sequence(let sequence):
            var items: [RulesDocument] = []
            for item in sequence { items.append(try document(item, path: path, budget: &budget)) }
            return .sequence(items, place)
        case .mapping(let mapping):
            var pairs: [(key: String, keyPlace: RulesDocument.Place, value: RulesDocument)] = []
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key else {
                    throw RulesError(path: path, line: key.mark?.line ?? place.line, column: key.mark?.column ?? 0, .syntax("a key must be a plain name, not a list or a mapping"))
                }
                let keyPlace = RulesDocument.Place(line: key.mark?.line ?? 0, column: key.mark?.column ?? 0)
                pairs.append((scalar.string, keyPlace, try document(value, path: path, budget: &budget)))
            }
            return .mapping(pairs, place)
        case .alias:
            throw RulesError(path: path, line: place.line, column: place.column, .syntax("aliases (`*name`) are not read in a rules file; write the value out"))
        }
    }

    /// The parser's error at its line and column, in its own words without its snippet.
    private static func syntaxError(_ error: YamlError, path: String) -> RulesError {
        func problem(_ context: YamlError.Context?, _ text: String) -> String {
            ((context.map { "\($0.text) " } ?? "") + text).trimmingCharacters(in: .whitespaces)
        }
        switch error {
        case .scanner(let context, let text, let mark, _), .parser(let context, let text, let mark, _), .composer(let context, let text, let mark, _):
            return RulesError(path: path, line: mark.line, column: mark.column, .syntax(problem(context, text)))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return RulesError(path: path, line: context.mark.line, column: context.mark.column, .syntax("a key given twice in one mapping: " + duplicates.sorted().joined(separator: ", ")))
        case .reader(let text, _, _, _):
            return RulesError(path: path, .syntax(text))
        default:
            return RulesError(path: path, .syntax("\(error)"))
        }
    }
}
