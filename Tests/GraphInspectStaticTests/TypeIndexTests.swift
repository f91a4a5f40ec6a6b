import Foundation
import GraphInspectCheckContract
@testable import GraphInspectStatic
import Testing

/// `TypeIndex`'s roles (component, holder, module, router), found by walking down from each
/// library type once, held to the walk up from each type (`supertypes`) they stand for.
@Suite struct TypeIndexTests {
    static let roles = ["Component", "ModuleHolder", "Module", "Routing"]

    /// Each role of every type the index knows, and of a name it does not, both ways.
    static func expectRolesAgree(_ index: TypeIndex, _ what: String) {
        var checked = 0
        for name in index.types.keys.sorted() + ["NotDeclared"] {
            let asked = [index.isComponent(name), index.isHolder(name), index.isModule(name), index.isRouter(name)]
            let walked = roles.map { index.supertypes(of: name).contains(index.libraryName($0)) }
            #expect(asked == walked, "\(what): \(name)")
            checked += 1
        }
        #expect(checked > 4, "\(what): the index knows the library's types")
    }

    static func index(_ sources: [(path: String, text: String)]) -> TypeIndex {
        var reader = SourceReader()
        reader.read(source: RuntimeDeclarations.source, path: "<GraphInspect>", module: RuntimeDeclarations.module, isLibrary: true)
        for source in sources { reader.read(source: source.text, path: source.path, module: "App") }
        return TypeIndex(types: reader.types, shadowed: reader.shadowed)
    }

    @Test func rolesFollowEveryKindOfInheritance() {
        let index = Self.index([("App.swift", """
            import GraphInspect
            protocol Screen: Component {}
            final class Root: Component {}
            class Base: Component {}
            final class Leaf: Base, Screen {}
            final class Shell: ModuleHolder {}
            class Feature: Module {}
            final class Deep: Feature {}
            final class Nav: Routing {}
            extension Deep: Routing {}
            class Loop: Other {}
            class Other: Loop {}
            struct Plain {}
            enum Kind { case a }
            """)])
        #expect(index.isComponent("Leaf") && index.isComponent("Screen") && !index.isComponent("Plain"))
        #expect(index.isModule("Deep") && index.isRouter("Deep") && index.isHolder("Shell") && !index.isComponent("Loop"))
        Self.expectRolesAgree(index, "inheritance")
    }

    @Test func rolesFollowTheLibrarysTypesWhenTheAppShadowsThem() {
        let index = Self.index([("App.swift", """
            import GraphInspect
            final class Component {}
            final class Mine: GraphInspect.Component {}
            final class Local: Component {}
            """)])
        #expect(index.isComponent("Mine") && !index.isComponent("Local"))
        Self.expectRolesAgree(index, "shadowed")
    }

    /// Apps written for other purposes: every sample and example the repository carries.
    @Test func rolesAgreeOnEveryExampleApp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let examples = root.appendingPathComponent("Examples")
        let folders = try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted().map { examples.appendingPathComponent($0) }
            + [root.appendingPathComponent("Sources/GraphInspectSample")]
        var read = 0
        for folder in folders {
            // A folder with no Swift sources (a CI recipe) is not an app.
            guard let files = try? StaticReader.files(in: [folder.path]), !files.isEmpty else { continue }
            read += 1
            let prepared = StaticReader.prepare(files, options: StaticReader.Options())
            Self.expectRolesAgree(TypeIndex(types: prepared.reader.types, shadowed: prepared.reader.shadowed), folder.lastPathComponent)
        }
        #expect(read > 10)
    }
}
