/// What `check` learns from a file's lines before parsing it: the modules it imports and whether
/// it sees the library (`ModuleReach`), the types it declares at column 0 (`ModuleScope`), and the
/// names it reads as members (`MemberReads`).
/// It depends on the text alone, so the check cache keeps it under the text's digest.
struct FileScan: Sendable, Equatable {
    var imports: [String]
    var seesLibrary: Bool
    var topLevelTypes: [String]
    var memberNames: [String]

    init(imports: [String], seesLibrary: Bool, topLevelTypes: [String], memberNames: [String]) {
        self.imports = imports
        self.seesLibrary = seesLibrary
        self.topLevelTypes = topLevelTypes
        self.memberNames = memberNames
    }

    init(_ text: String) {
        let bytes = Array(text.utf8)
        let reach = ModuleReach.scan(bytes)
        self.init(imports: reach.imports, seesLibrary: reach.seesLibrary, topLevelTypes: ModuleScope.topLevelTypes(in: bytes), memberNames: MemberReads.scan(bytes))
    }

    func write(to out: inout CacheBytesWriter) {
        out.array(imports) { $0.string($1) }
        out.bool(seesLibrary)
        out.array(topLevelTypes) { $0.string($1) }
        out.array(memberNames) { $0.string($1) }
    }

    static func read(from input: inout CacheBytesReader) throws -> FileScan {
        FileScan(
            imports: try input.array { try $0.string() }, seesLibrary: try input.bool(), topLevelTypes: try input.array { try $0.string() },
            memberNames: try input.array { try $0.string() }
        )
    }
}
