import Testing
@testable import GraphInspect

/// `component.name` cannot take `#fileID` and `#line`; its miss reads them from the stack. The
/// dying sample's report (`SampleReports.dying`, `WhyTests`) holds the whole path to it: the
/// process's report and `why`'s both name `GraphInspectSample/CheckoutModule.swift:19`.
@Suite struct LookupCallSiteTests {
    /// Called from here, the frame after the library's is this test: its file and line.
    @Test func theFrameThatCalledIntoTheLibraryIsTheLookup() {
        let site = LookupCallSite.ofMiss(); let line = #line
        #expect(site == SourceLocation(file: "GraphInspectTests/LookupCallSiteTests.swift", line: line))
    }

    @Test func modulesAreReadFromMangledSymbols() {
        #expect(LookupCallSite.moduleName(mangled: "$s6Player10NowPlayingC6lyricsyyF") == "Player")
        #expect(LookupCallSite.moduleName(mangled: "_$s18GraphInspectSample16CheckoutBuilderV") == "GraphInspectSample")
        // C symbols (top-level code's `main`), the standard library's substitution, a cut name.
        #expect(LookupCallSite.moduleName(mangled: "main") == nil)
        #expect(LookupCallSite.moduleName(mangled: "$sSS5countSivg") == nil)
        #expect(LookupCallSite.moduleName(mangled: "$s12Graph") == nil)
    }
}
