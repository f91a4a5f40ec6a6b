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
        let inert = InertStatements.of(index: index, freeFunctions: reader.freeFunctions, topLevel: reader.topLevel)
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
            "_ = Counter()", "counter.bump()", "print(Counter())", "print({ value })", "print(.zero)", "_ = counter.bump()", "counter.count = 1",
            "print(other)",
        // (A closure's body joins the function: `print({ value })` is two statements, the second
        // its body, `value`, a variable read whole.)
        ]) == Array(repeating: false, count: 9) + [true] + Array(repeating: false, count: 4))
    }

    /// Functions of the sources that run nothing: every function of the name, in every type and
    /// free, has only quiet statements (inert ones, locals that never hold an object written,
    /// returns of such values), calls of each other among them. Not a function that makes an
    /// object, returns a parameter or calls one that does either, nor a name that is also a
    /// property's or one of the library's methods.
    static let functionsThatRunNothing = """
        func total(_ pages: Int) -> Int { var sum = 0; sum = sum + pages; return sum }
        func echo(_ n: Int) -> Int { n }
        func log(_ text: String) { print("log:", text) }
        func ping(_ n: Int) { pong(n - 1) }
        func pong(_ n: Int) { ping(n); log("pong") }
        func makes() { _ = Counter() }
        func callsMakes() { makes() }
        func one() -> Int { 1 }
        protocol Pinging { func chime() }
        final class Pinger: Pinging { func chime() { log("chime") } }
        protocol Loading { func load(page: Int) -> [Int] }
        struct Remote: Loading { func load(page: Int) -> [Int] { print(page); return [] } }
        final class Settings { var hook = 0 }
        func hook() {}
        func attach() {}
        """

    @Test func graphFreeFunctionsAreFoundOverEveryDeclaration() {
        var reader = SourceReader()
        reader.read(source: RuntimeDeclarations.source, path: "<GraphInspect>", module: RuntimeDeclarations.module, isLibrary: true)
        reader.read(source: "func helper() {}\n" + Self.functionsThatRunNothing, path: "App.swift", module: "App")
        let index = TypeIndex(types: reader.types, shadowed: reader.shadowed)
        #expect(InertStatements.of(index: index, freeFunctions: reader.freeFunctions, topLevel: reader.topLevel).graphFree == ["chime", "helper", "load", "log", "one", "ping", "pong", "total"])
    }

    @Test func callsOfFunctionsThatRunNothingAreInert() {
        #expect(Self.judged([
            "helper()", "log(\"shown\")", "ping(value)", "chime()", "print(ping(local))", "print(one(), total(value))", "let logged = total(2)",
            "print(logged.description)", "makes()", "callsMakes()", "print(echo(1))", "_ = Remote().load(page: 1)", "hook()", "attach()",
            "Pinger().chime()", "log(counter.count)",
        ], declaring: Self.functionsThatRunNothing) == Array(repeating: true, count: 6) + [false, true] + Array(repeating: false, count: 8))
    }

    /// A name the sources declare anywhere (a free function, a type's member) is not outside
    /// code: a call of it runs what they declare (here, each makes an object).
    @Test func aNameTheSourcesDeclareIsNotOutside() {
        let declaring = "func print(_ text: String) { _ = Counter() }\nfinal class Logger { func log(_ text: String) { _ = Logger() } }"
        #expect(Self.judged(["print(\"a\")", "log(\"b\")"], declaring: declaring) == [false, false])
    }

    /// Functions shaped like ones that run nothing (a statement or two, calls) whose call reaches
    /// a lookup: through `self`, another such function, an override, a parameter. None is taken
    /// for one that runs nothing: each lookup is checked where the call puts it (`analytics`
    /// from the child's parent), and the readings
    /// with calls of the ones that do run nothing equal the readings with every statement run.
    @Test func functionsThatReachALookupRunWhenCalled() throws {
        let text = """
            import GraphInspect

            final class AppComponent: Component, RootComponent {
                let analytics = "a"
                init() { super.init(parent: nil) }
            }

            final class ChildComponent: Component {
                func warmUp() { print(self.analytics as String) }
                func viaHelper() { warmUp() }
                func start() { viaHelper(); report(); log("started") }
                func report() { print("report") }
            }

            class Reporter {
                func report() { print("reporting") }
            }
            final class LookingReporter: Reporter {
                let component = AppComponent()
                override func report() { print(component.viaOverride as String) }
            }
            func inspect(_ component: AppComponent) { print(component.viaParameter as String) }
            func log(_ text: String) { print(text) }
            func chime() { log("chime") }

            final class Screen {
                func show(component: AppComponent) {
                    chime()
                    ChildComponent(parent: component).start()
                    inspect(component)
                    LookingReporter().report()
                }
            }

            Screen().show(component: AppComponent())
            """
        let files = [StaticReader.SourceFile(path: "App.swift", module: "App", text: text)]
        let graph = StaticReader.graph(of: files)
        #expect(graph.graphFreeNames == ["chime", "log"])
        #expect(Set(graph.errors.map(\.message)) == Set(["viaOverride", "viaParameter"].map { "missing dependency `\($0): String`" }), "\(graph.errors)")
        #expect(graph.summary.lookupsChecked == 3 && graph.diagnostics.filter(\.isUnchecked).isEmpty, "\(graph.summary) \(graph.diagnostics)")
        try Self.expectInertStatementsChangeNothing(files, "lookups behind calls")
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
        // Every module read, those that cannot see GraphInspect too (real code not written for it).
        var options = StaticReader.Options(threads: 2)
        options.pruning = .never
        let prepared = StaticReader.prepare(files, options: options)
        let graph = StaticReader.graph(of: prepared)
        let declared = graph.declaredNames, graphFree = graph.graphFreeNames.sorted()
        var edited = files
        var inserted = 0, readingAParameter = 0
        for index in edited.indices {
            var lines = edited[index].text.components(separatedBy: "\n")
            // (Not a function returning a value: its body may be one expression, returned.)
            for line in lines.indices where lines[line].hasSuffix("{") && (lines[line].contains("func ") && !lines[line].contains("->") || lines[line].contains("init(")) {
                if inserted % 3 == 1, let (parameter, type) = Self.firstParameter(lines[line]), !declared.contains(type) {
                    lines[line] += " print(\(parameter), \(inserted) + 1);"
                    readingAParameter += 1
                } else if inserted % 3 == 2, !graphFree.isEmpty {
                    // A call of a function that runs nothing, by its bare name.
                    lines[line] += " \(graphFree[inserted % graphFree.count])(\(inserted));"
                } else {
                    lines[line] += " " + forms[inserted % forms.count]
                }
                inserted += 1
            }
            edited[index].text = lines.joined(separator: "\n")
        }
        let inert = InertStatements(declared: declared, graphFree: graph.graphFreeNames)
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
        let plain = StaticCheck.reading(of: files, options: options)
        let withStatements = StaticCheck.reading(of: kept, options: options)
        LastReadingTests.expectSame(withStatements, plain, "\(what)")
        let running = StaticReader.analysed(StaticReader.prepare(kept, options: options), runningInertStatements: true)
        LastReadingTests.expectSame(StaticReader.reading(running.graph), plain, "\(what), the inert statements run")
        // Where there were chances, some parameter read was judged inert and kept.
        let keptReads = zip(kept, files).filter { $0.text != $1.text }.reduce(0) { $0 + $1.0.text.components(separatedBy: " + 1);").count - 1 }
        #expect(readingAParameter < 5 || keptReads > 0, "\(what): \(readingAParameter) parameter reads, none kept")
        let keptCalls = zip(kept, files).filter { $0.text != $1.text }.reduce(0) { sum, pair in
            sum + graphFree.reduce(0) { $0 + pair.0.text.components(separatedBy: "{ \($1)(").count - 1 }
        }
        print("\(what): \(graphFree.count) functions run nothing; \(keptCalls) calls of them kept")
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
