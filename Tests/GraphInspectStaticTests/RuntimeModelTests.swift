import Foundation
@testable import GraphInspectStatic
import SwiftParser
import SwiftSyntax
import Testing

/// The stand-ins the reader carries for the runtime's classes (`RuntimeDeclarations`) held to
/// the runtime's real public API, read from both sources: every public way to call the
/// runtime's graph types is modelled by a stand-in, handled by the analysis, or listed here with
/// the reason it moves no component, module or holder; and no stand-in claims an API the
/// runtime does not have. A new public function of the runtime fails this test until one of
/// the three is written.
@Suite struct RuntimeModelTests {
    /// The runtime's types whose API moves components, modules and holders.
    static let modelled: Set<String> = [
        "Component", "ModuleObject", "ModuleHolderObject", "RouterObject", "ViewComponentObject",
        "Module", "ModuleHolder", "ModuleBuilder", "ModuleHolderContext", "ModuleKey",
    ]

    /// What the stand-ins leave out, and why that is right. Each key is a way to call it.
    static let reasons: [String: String] = [
        "Component.subscript(dynamicMember:)": "a dependency lookup: FlowAnalysis.evaluateMember records it",
        "ModuleHolder.subscript(dynamicMember:)": "a module lookup: FlowAnalysis.evaluateMember records it",
        "ModuleHolder.module(for:)": "a module lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolder.module(for:as:)": "a module lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolder.router(for:)": "a router lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolder.router(for:as:)": "a router lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolder.router(for:moduleType:)": "a router lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolder.findModule(_:)": "a module lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolder.findModule(_:target:)": "a module or router lookup: FlowAnalysis.call records it",
        "ModuleHolderObject.module(for:)": "a module lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolderObject.module(for:as:)": "a module lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolderObject.router(for:)": "a router lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleHolderObject.router(for:as:)": "a router lookup: FlowAnalysis.call records it and gives what it finds",
        "ModuleBuilder.build(parentComponent:holder:context:)": "a requirement: each builder's own `build` is what runs, called by the stand-in's `attach`",
        "RouterObject.rootView()": "what a router shows: a view description, no component, module or holder",
        "Component.recorded": "a node id for `GraphRecord`'s own nodes, which the reading does not draw",
        "Module.recorded": "a node id for `GraphRecord`'s own nodes, which the reading does not draw",
        "ModuleKey.init(stringLiteral:)": "a key written as a literal: the reader reads a string literal as the key it is",
        "ModuleKey.description": "the key's text, for printing",
    ]

    /// Every way to call a member of the `modelled` types in `source`: `Type.name(label:...)`
    /// once per list of labels a call may write (a defaulted parameter may be left out), and
    /// `Type.name` for a property. Public members only, or every requirement of a protocol.
    static func api(of source: String, publicOnly: Bool) -> Set<String> {
        var found: Set<String> = []
        let tree = Parser.parse(source: source)
        func visit(_ members: MemberBlockItemListSyntax, of type: String, requirements: Bool) {
            guard modelled.contains(type) else { return }
            for item in members {
                let decl = item.decl
                let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.map(\.name.text) ?? []
                if !requirements && publicOnly && !modifiers.contains("public") && !modifiers.contains("open") { continue }
                if decl.asProtocol(WithAttributesSyntax.self)?.attributes.contains(where: { $0.trimmedDescription.hasPrefix("@_spi") }) == true { continue }
                if let function = decl.as(FunctionDeclSyntax.self) {
                    for labels in callableLabels(function.signature.parameterClause.parameters) { found.insert("\(type).\(function.name.text)(\(labels))") }
                } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                    for labels in callableLabels(initializer.signature.parameterClause.parameters) { found.insert("\(type).init(\(labels))") }
                } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
                    for labels in callableLabels(subscriptDecl.parameterClause.parameters, isSubscript: true) { found.insert("\(type).subscript(\(labels))") }
                } else if let variable = decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { found.insert("\(type).\(name)") }
                    }
                }
            }
        }
        for statement in tree.statements {
            if let type = statement.item.as(ClassDeclSyntax.self) { visit(type.memberBlock.members, of: type.name.text, requirements: false) }
            if let type = statement.item.as(StructDeclSyntax.self) { visit(type.memberBlock.members, of: type.name.text, requirements: false) }
            if let type = statement.item.as(ProtocolDeclSyntax.self) { visit(type.memberBlock.members, of: type.name.text, requirements: true) }
            if let type = statement.item.as(ExtensionDeclSyntax.self) {
                visit(type.memberBlock.members, of: type.extendedType.trimmedDescription, requirements: false)
            }
        }
        return found
    }

    /// `for:as:` and `for:` for `(for key: K, as type: T.Type = T.self)`.
    static func callableLabels(_ parameters: FunctionParameterListSyntax, isSubscript: Bool = false) -> [String] {
        var lists: [[String]] = [[]]
        for parameter in parameters {
            // A call-site default (`fileID: String = #fileID`) is the compiler's to fill, not a
            // way a caller writes the call.
            if let value = parameter.defaultValue?.value.trimmedDescription, value.hasPrefix("#") { continue }
            let first = parameter.firstName.text
            // A subscript's parameter has no label unless it writes one twice (`dynamicMember key`).
            let label = isSubscript && parameter.secondName == nil ? "_" : first
            let with = lists.map { $0 + [label] }
            lists = parameter.defaultValue == nil ? with : lists + with
        }
        return lists.map { $0.map { "\($0):" }.joined() }
    }

    static var runtimeAPI: Set<String> {
        get throws {
            let folder = FidelityTests.root.appendingPathComponent("Sources/GraphInspect")
            var found: Set<String> = []
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files.sorted() {
                found.formUnion(api(of: try String(contentsOfFile: folder.appendingPathComponent(file).path, encoding: .utf8), publicOnly: true))
            }
            return found
        }
    }

    @Test func everyPublicCallOfTheRuntimeIsModelledOrExplained() throws {
        let runtime = try Self.runtimeAPI
        let standIns = Self.api(of: RuntimeDeclarations.standIns, publicOnly: true)
        #expect(runtime.count > 30, "\(runtime.sorted())")
        let unexplained = runtime.subtracting(standIns).subtracting(Self.reasons.keys)
        #expect(unexplained.isEmpty, "the runtime's public API has calls no stand-in models and no reason explains: \(unexplained.sorted())")
        let invented = standIns.subtracting(runtime)
        #expect(invented.isEmpty, "stand-ins model calls the runtime does not have: \(invented.sorted())")
        let stale = Set(Self.reasons.keys).subtracting(runtime)
        #expect(stale.isEmpty, "reasons for calls the runtime no longer has: \(stale.sorted())")
    }
}
