import GraphInspectCheckContract
import SwiftParser
import SwiftSyntax

/// What one file of a needle app declares, read as needle's generator reads it: component classes
/// (`Component<D>`, `BootstrapComponent`, pluginized and non-core ones, module prefix or not),
/// extensions, protocols with their properties, and in each component's code the calls whose
/// callee names a type (needle's parent links), the `dependency.x` reads, and the other places
/// a type name is used as a value (a component made in a way needle does not link).
struct NeedleFile: Sendable {
    /// A property of a component, extension or protocol.
    struct Property: Sendable, Hashable {
        enum Form: Sendable, Hashable { case stored, computed, shared }
        var name: String
        /// The written type, spaces removed: needle compares types as written.
        var type: String
        var form: Form
        /// Needle's generator reads a component's own properties only when `public`; an
        /// extension's unless `private` or `fileprivate`.
        var isProvider: Bool
        var position: SourcePosition
    }

    /// A use of a type name as a value inside a declaration: `Child(...)` (`isCall`), or
    /// `Child.self`, `Child.init` and the like.
    struct TypeUse: Sendable, Hashable {
        var name: String
        var isCall: Bool
        var position: SourcePosition
        /// The member property whose getter or initializer holds the use, by its declared name's
        /// position: a property that makes a child changes the tree when it is removed or moved.
        var inProperty: SourcePosition?
    }

    /// A class or an extension, with what its body says.
    struct Body: Sendable {
        var name: String
        var position: SourcePosition
        var properties: [Property] = []
        var uses: [TypeUse] = []
        /// `dependency.x` reads: the name and where.
        var dependencyReads: [(name: String, position: SourcePosition)] = []
    }

    enum Kind: Sendable, Equatable {
        /// `Component<D>`, `PluginizedComponent<D, ...>`, `NonCoreComponent<D>`: D's name.
        case component(dependency: String)
        /// `BootstrapComponent`: a root.
        case bootstrap
    }

    struct Component: Sendable {
        var kind: Kind
        var body: Body
    }

    struct ProtocolDecl: Sendable {
        var name: String
        var inherited: [String]
        var properties: [Property]
        var position: SourcePosition
    }

    var path: String
    var module: String
    var components: [Component] = []
    var extensions: [Body] = []
    var protocols: [ProtocolDecl] = []
    /// Type names used as values outside every class and extension (free functions, top-level code).
    var outsideUses: [TypeUse] = []
    /// Every name read as a member (`x.name`), anywhere in the file: a provider read so is used.
    var memberReads: Set<String> = []

    /// Whether the text imports NeedleFoundation, read from its bytes before any parsing.
    static func importsNeedle(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let needle = Array("import NeedleFoundation".utf8)
            guard bytes.count >= needle.count else { return false }
            var index = 0
            while index <= bytes.count - needle.count {
                if bytes[index] == needle[0], bytes[index + 1] == needle[1] {
                    var matched = true
                    for offset in 2..<needle.count where bytes[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Parses and reads one file.
    static func read(path: String, module: String, text: String) -> NeedleFile {
        let tree = Parser.parse(source: text)
        let reader = NeedleFileReader(file: NeedleFile(path: path, module: module), source: SourceText(text))
        reader.walk(tree)
        return reader.file
    }
}

/// The syntax walk behind `NeedleFile.read`.
private final class NeedleFileReader: SyntaxVisitor {
    var file: NeedleFile
    let source: SourceText
    /// The class or extension whose body is being read.
    var current: NeedleFile.Body?
    /// The declaration `current` is read from.
    var currentNode: SyntaxIdentifier?

    init(file: NeedleFile, source: SourceText) {
        self.file = file
        self.source = source
        super.init(viewMode: .sourceAccurate)
    }

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        let location = source.location(of: node)
        return SourcePosition(file: file.path, line: location.line, column: location.column)
    }

    /// A type's last name, module prefix and generic arguments left out (`NeedleFoundation.Component<D>` is `Component`).
    static func lastName(_ type: TypeSyntax) -> String? {
        if let plain = type.as(IdentifierTypeSyntax.self) { return plain.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    static func genericArguments(_ type: TypeSyntax) -> [String] {
        let clause = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
        return clause?.arguments.map { argument in
            let text = argument.argument.trimmedDescription.filter { !$0.isWhitespace }
            return text.split(separator: ".").last.map(String.init) ?? text
        } ?? []
    }

    static func kind(of inheritance: InheritanceClauseSyntax?) -> NeedleFile.Kind? {
        guard let first = inheritance?.inheritedTypes.first?.type, let name = lastName(first) else { return nil }
        if name == "BootstrapComponent" { return .bootstrap }
        let arguments = genericArguments(first)
        guard ["Component", "PluginizedComponent", "NonCoreComponent"].contains(name), let dependency = arguments.first else { return nil }
        return .component(dependency: dependency)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard current == nil else { return .visitChildren }
        current = NeedleFile.Body(name: node.name.text, position: position(node.name))
        currentNode = node.id
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) {
        guard let body = current, currentNode == node.id else { return }
        current = nil
        currentNode = nil
        if let kind = Self.kind(of: node.inheritanceClause) {
            file.components.append(NeedleFile.Component(kind: kind, body: body))
        } else {
            // Not a component: what it makes is made outside every component.
            file.outsideUses += body.uses.filter(\.isCall)
        }
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard current == nil, let name = Self.lastName(node.extendedType) else { return .skipChildren }
        current = NeedleFile.Body(name: name, position: position(node.extendedType))
        currentNode = node.id
        extensionIsPrivate = node.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
        return .visitChildren
    }

    var extensionIsPrivate = false

    override func visitPost(_ node: ExtensionDeclSyntax) {
        guard let body = current, currentNode == node.id else { return }
        current = nil
        currentNode = nil
        file.extensions.append(body)
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.compactMap { Self.lastName($0.type) } ?? []
        var properties: [NeedleFile.Property] = []
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            properties += read(variable, isExtension: false, inProtocol: true)
        }
        file.protocols.append(NeedleFile.ProtocolDecl(name: node.name.text, inherited: inherited, properties: properties, position: position(node.name)))
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Only the class's or extension's own members are providers (not locals, not nested types').
        // A member's parents: the item, the item list, the member block, the declaration.
        if let owner = node.parent?.parent?.parent?.parent, owner.id == currentNode {
            let properties = read(node, isExtension: owner.is(ExtensionDeclSyntax.self), inProtocol: false)
            current?.properties += properties
            if let first = properties.first { property = (node.id, first.position) }
        }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) {
        if property?.node == node.id { property = nil }
    }

    /// The member property being read, and where its name is declared.
    var property: (node: SyntaxIdentifier, position: SourcePosition)?

    func read(_ node: VariableDeclSyntax, isExtension: Bool, inProtocol: Bool) -> [NeedleFile.Property] {
        let first = node.modifiers.first?.name.text
        let isPrivate = first == "private" || first == "fileprivate" || (isExtension && extensionIsPrivate)
        let isProvider = inProtocol || (isExtension ? !isPrivate : first == "public")
        return node.bindings.compactMap { binding in
            guard let type = binding.typeAnnotation?.type, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
            var form = NeedleFile.Property.Form.stored
            if let accessors = binding.accessorBlock {
                form = Self.callsShared(accessors) ? .shared : .computed
            }
            return NeedleFile.Property(
                name: name, type: type.trimmedDescription.filter { !$0.isWhitespace }, form: form, isProvider: isProvider, position: position(binding.pattern)
            )
        }
    }

    /// Whether a getter calls `shared { }`.
    static func callsShared(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("shared") }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // Needle links a call to a component's child when the callee's first token names it.
        if let first = node.calledExpression.firstToken(viewMode: .sourceAccurate), case .identifier(let name) = first.tokenKind, name.first?.isUppercase == true {
            let use = NeedleFile.TypeUse(name: name, isCall: true, position: position(node), inProperty: property?.position)
            if current == nil { file.outsideUses.append(use) } else { current?.uses.append(use) }
            calleeTokens.insert(first.id)
        }
        return .visitChildren
    }

    /// The callee tokens already counted as calls.
    var calleeTokens: Set<SyntaxIdentifier> = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard name.first?.isUppercase == true, !calleeTokens.contains(node.baseName.id) else { return .visitChildren }
        let use = NeedleFile.TypeUse(name: name, isCall: false, position: position(node), inProperty: property?.position)
        if current == nil { file.outsideUses.append(use) } else { current?.uses.append(use) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        file.memberReads.insert(node.declName.baseName.text)
        guard current != nil, let base = node.base else { return .visitChildren }
        let isDependency = base.as(DeclReferenceExprSyntax.self)?.baseName.text == "dependency"
            || (base.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == "dependency" && $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" } ?? false)
        if isDependency { current?.dependencyReads.append((node.declName.baseName.text, position(node.declName))) }
        return .visitChildren
    }
}
