import Foundation
import GraphInspectCheckContract
@testable import GraphInspectStatic
import Testing

/// `InertStatements`: which statements a reading cannot depend on, and the proof that it cannot,
/// against the reading itself on every app the tests know and on code written for other purposes.
@Suite struct InertStatementTests {
    /// The judgment on each statement of one body, in order.
    static func judged(_ statements: [String], declaring extra: String = "") -> [Bool] {
        let source = """
            import GraphInspect
            final class Counter {
                var count = 0
                func bump() -> Int { count += 1; return count }
            }
            func helper() {}
            \(extra)
            final class Screen {
                let counter = Counter()
                func show(_ value: Int, other: Counter, shared: AnyObject) {
                    let local = value
            \(statements.map { "        " + $0 }.joined(separator: "\n"))
                }
            }
            """
        var reader = SourceReader()
        reader.read(source: RuntimeDeclarations.source, path: "<GraphInspect>", module: RuntimeDeclarations.module, isLibrary: true)
        reader.read(source: source, path: "Screen.swift", module: "App")
        let index = TypeIndex(types: reader.types, shadowed: reader.shadowed)
        let inert = InertStatements(
            declared: InertStatements.declaredNames(types: index.types, freeFunctions: reader.freeFunctions, topLevel: reader.topLevel),
            graphTypes: InertStatements.graphTypeNames(in: index)
        )
        guard let show = reader.types["Screen"]?.methods["show"]?.first else { return [] }
        // The first statement binds `local`; the rest are the ones given, one IR statement each.
        return show.body.dropFirst().map { inert.isInert($0, in: show) }
    }

    @Test func callsOfOutsideCodeWithConstantsAreInert() {
        #expect(Self.judged([
            "print(\"shown\")", "print(1, 2.5, true, nil)", "NSLog(\"%d items \\(value)\")", "debugPrint(self)",
            "assert(1 < 2, \"order\")", "fatalError()", "Swift.print(\"qualified\")", "print(1 as Int?)", "print(Counter.self)",
        ]) == Array(repeating: true, count: 9))
    }

    /// The function's own variables, read whole and dropped: only read, so inert. Not a parameter
    /// declared as a type of the sources (`other: Counter`): see `isVariableReadWhole`.
    @Test func variablesReadWholeAreInert() {
        #expect(Self.judged([
            "print(value)", "print(local)", "print(value + 1, local)", "assert(value > 0, \"positive\")", "print(value as Any)",
            "print(String(describing: local))", "print(min(value, local))", "print(shared)",
        ]) == Array(repeating: true, count: 8))
    }

    /// A member or method of a local the analysis never gives an object: inert. A local written
    /// from a parameter, a property, a construction or the app's code, at any write, may hold one.
    @Test func membersOfLocalsThatHoldNoObjectAreInert() {
        #expect(Self.judged([
            "let items = [1, 2]", "print(items.count)", "items.append(3)", "var text = \"a\"", "text = String(value)",
            "print(text.count, text.uppercased())", "let made = Counter()", "print(made.count)", "var late = 1", "late = counter.count",
            "print(late.description)", "print(local.description)", "let bumped = counter.bump()", "print(bumped.description)",
            "let wrapped = [made]", "print(wrapped.count)",
        ]) == [false, true, true, false, false, true, false, false, false, false, false, false, false, false, false, false])
    }

    /// A local written as a type the app only extends (`String`) is no value of the graph: a
    /// member of it is inert, a member of that member is not (the extension may declare it as
    /// one). A local written as a component is never taken to hold no object.
    @Test func localsOfTypesTheAppExtends() {
        #expect(Self.judged([
            "var s: String = \"a\"", "print(s.count)", "print(s.shout.count)", "let c: AppComponent? = nil", "print(c?.name as Any)",
        ], declaring: "extension String { var shout: String { self } }\nfinal class AppComponent: Component {}") == [false, true, false, false, false])
    }

    /// The locals the analysis never gives an object, directly.
    @Test func objectFreeLocalsAreFoundOverEveryWrite() throws {
        let source = """
            final class Counter { var count = 0 }
            final class Screen {
                let counter = Counter()
                func show(_ value: Int, handler: (Int) -> Int) {
                    let a = 1
                    var b = a
                    b = Int(value)
                    var c = "x"
                    c = b.description
                    let d = counter
                    var e = 2
                    e = d.count
                    let f = value
                    let g: Counter? = nil
                    let h = { (i: Int) in i }
                    let j = Counter.self
                    let k = [a, b]
                }
            }
            """
        var reader = SourceReader()
        reader.read(source: RuntimeDeclarations.source, path: "<GraphInspect>", module: RuntimeDeclarations.module, isLibrary: true)
        reader.read(source: source, path: "Screen.swift", module: "App")
        let declared = InertStatements.declaredNames(types: reader.types, freeFunctions: reader.freeFunctions, topLevel: reader.topLevel)
        let show = try #require(reader.types["Screen"]?.methods["show"]?.first)
        // d: a property; e: a member of d; f: a parameter; g: written as a type of the sources;
        // i: a closure's parameter.
        #expect(ObjectFreeLocals(show, inert: InertStatements(declared: declared)).names == ["a", "b", "c", "h", "j", "k"])
    }

    @Test func statementsThatReadMakeOrCallTheSourcesAreNot() {
        #expect(Self.judged([
            "print(counter)", "print(counter.count)", "print(local.description)", "print(value.words.count)", "local.foo()",
            "_ = Counter()", "helper()", "print(Counter())", "print({ value })", "print(.zero)", "_ = counter.bump()", "counter.count = 1",
            "print(other)",
        // (A closure's body joins the function: `print({ value })` is two statements, the second
        // its body, `value`, a variable read whole.)
        ]) == Array(repeating: false, count: 9) + [true] + Array(repeating: false, count: 4))
    }

    /// A name the sources declare anywhere (a free function, a type's member) is not outside code.
    @Test func aNameTheSourcesDeclareIsNotOutside() {
        #expect(Self.judged(["print(\"a\")", "log(\"b\")"], declaring: "func print(_ text: String) {}\nfinal class Logger { func log(_ text: String) {} }") == [false, false])
    }

    /// Apps the tests know and real code not written for graphinspect.
    static let folders = PruningTests.folders

    /// Statements appended to the line that opens every initializer body and every function body
    /// returning nothing (nothing written on any line moves), some reading the function's first
    /// parameter. Wherever the rule finds them all inert, the reading with them is the reading
    /// without them (findings, summary, snapshot, facts, places), both as `check` makes it (the
    /// analysis leaves them out) and as the analysis makes it when it runs every statement: the
    /// proof that leaving them out changes nothing.
    @Test(arguments: folders)
    func theReadingIgnoresInertStatements(folder: String) throws {
        let path = FidelityTests.root.appendingPathComponent(folder).path
        guard FileManager.default.fileExists(atPath: path) else { return }
        try Self.expectInertStatementsChangeNothing(try StaticReader.files(in: [path]), folder)
    }

    @Test(arguments: StyleFidelityTests.styles)
    func theStyleReadingsIgnoreInertStatements(style: StyleFidelityTests.Style) throws {
        try Self.expectInertStatementsChangeNothing(try StyleFidelityTests.files(style), "\(style)")
    }

    static func expectInertStatementsChangeNothing(_ files: [StaticReader.SourceFile], _ what: String) throws {
        let forms = ["print(\"inert\");", "NSLog(\"%d\", 1);", "debugPrint(self, nil);", "assert(true, \"x \\(1)\");"]
        // A parameter declared as a type of the sources is not read: such a read is not inert.
        let prepared = StaticReader.prepare(files, options: StaticReader.Options())
        let declared = StaticReader.graph(of: prepared).declaredNames
        var edited = files
        var inserted = 0, readingAParameter = 0
        for index in edited.indices {
            var lines = edited[index].text.components(separatedBy: "\n")
            // (Not a function returning a value: its body may be one expression, returned.)
            for line in lines.indices where lines[line].hasSuffix("{") && (lines[line].contains("func ") && !lines[line].contains("->") || lines[line].contains("init(")) {
                if inserted % 3 == 1, let (parameter, type) = Self.firstParameter(lines[line]), !declared.contains(type) {
                    lines[line] += " print(\(parameter), \(inserted) + 1);"
                    readingAParameter += 1
                } else {
                    lines[line] += " " + forms[inserted % forms.count]
                }
                inserted += 1
            }
            edited[index].text = lines.joined(separator: "\n")
        }
        let inert = InertStatements(declared: declared)
        // Only the files whose insertions the rule finds inert keep them.
        var kept = files, judgedInert = 0
        for index in files.indices where files[index].text != edited[index].text {
            let before = FileContribution.read(source: files[index].text, path: files[index].path, module: files[index].module, scope: prepared.scope)
            let after = FileContribution.read(source: edited[index].text, path: edited[index].path, module: edited[index].module, scope: prepared.scope)
            guard before.shapeKey(leavingOut: inert) == after.shapeKey(leavingOut: inert) else { continue }
            kept[index] = edited[index]
            judgedInert += 1
        }
        guard inserted > 0 else { return }
        #expect(judgedInert > 0, "\(what): no insertion judged inert")
        let plain = StaticReader.reading(of: files, options: StaticReader.Options(threads: 2))
        let withStatements = StaticReader.reading(of: kept, options: StaticReader.Options(threads: 2))
        LastReadingTests.expectSame(withStatements, plain, "\(what)")
        let running = StaticReader.analysed(StaticReader.prepare(kept, options: StaticReader.Options(threads: 2)), runningInertStatements: true)
        LastReadingTests.expectSame(StaticReader.reading(running.graph), plain, "\(what), the inert statements run")
        // Where there were chances, some parameter read was judged inert and kept.
        let keptReads = zip(kept, files).filter { $0.text != $1.text }.reduce(0) { $0 + $1.0.text.components(separatedBy: " + 1);").count - 1 }
        #expect(readingAParameter < 5 || keptReads > 0, "\(what): \(readingAParameter) parameter reads, none kept")
    }

    /// The first parameter's name and the first word of its type in a line opening a function or
    /// initializer (`func f(_ x: Int) {` is `x`, `Int`).
    static func firstParameter(_ line: String) -> (name: String, type: String)? {
        guard let open = line.firstIndex(of: "("), let colon = line[open...].firstIndex(of: ":") else { return nil }
        let words = line[line.index(after: open)..<colon].split(separator: " ")
        guard let name = words.last, name != "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !line[open..<colon].contains(")") else { return nil }
        let type = line[line.index(after: colon)...].drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return (String(name), String(type))
    }
}
