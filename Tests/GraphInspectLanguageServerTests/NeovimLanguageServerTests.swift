import Foundation
import Testing
import GraphInspectTestSupport

/// One real editor: Neovim (Debian's, installed by scripts/test), headless, with its built-in
/// client running `graphinspect lsp` as docs/editors.md configures it. It opens a file with a
/// missing dependency, sees the diagnostic at its line, and hovers over a lookup.
@Suite struct NeovimLanguageServerTests {
    static let script = """
        local out = io.open(os.getenv("GI_OUT"), "w")
        local client = vim.lsp.start_client({ name = "graphinspect", cmd = { os.getenv("GI_BIN"), "lsp" }, root_dir = os.getenv("GI_ROOT") })
        vim.cmd("edit " .. os.getenv("GI_FILE"))
        local buf = vim.api.nvim_get_current_buf()
        vim.lsp.buf_attach_client(buf, client)
        vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 100)
        for _, d in ipairs(vim.diagnostic.get(buf)) do
          out:write("diagnostic " .. d.lnum .. " " .. (d.message:gsub("\\n.*", "")) .. "\\n")
        end
        local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = tonumber(os.getenv("GI_LINE")), character = tonumber(os.getenv("GI_CHARACTER")) } }
        local results = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 30000)
        for _, r in pairs(results or {}) do
          if r.result then out:write("hover " .. (r.result.contents.value:gsub("\\n", " ")) .. "\\n") end
        end
        out:close()
        vim.lsp.stop_client(client)
        vim.cmd("qall!")
        """

    @Test func neovimShowsTheDiagnosticAndTheHover() throws {
        let nvim = try #require(["/usr/bin/nvim", "/usr/local/bin/nvim", "/opt/homebrew/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "neovim is not installed: bash scripts/test installs it")
        let folder = try LanguageServerTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Sources/App/Reviews.swift")
        try Data("""
            import GraphInspect

            final class ReviewsComponent: Component {}

            func showReviews(parent: AppComponent) -> String {
                let reviews = ReviewsComponent(parent: parent)
                let _: Analytics = reviews.analytics
                let _: String = reviews.reviewStore
                return "reviews"
            }

            """.utf8).write(to: file)
        // Made where the sample is started, so check places it in the tree.
        let app = folder.appendingPathComponent("Sources/App/SampleApp.swift")
        var sampleApp = try String(contentsOf: app, encoding: .utf8)
        sampleApp += "\nfunc startReviews() -> String { showReviews(parent: AppComponent(variant: .standard)) }\n"
        try sampleApp.write(to: app, atomically: true, encoding: .utf8)
        let check = try Executable.run("graphinspect", ["check", folder.appendingPathComponent("Sources").path])
        #expect(check.stdout.contains("Reviews.swift:8:"), "check finds the planted error: \(check.stdout)")

        let scriptFile = folder.appendingPathComponent("lsp.lua"), out = folder.appendingPathComponent("nvim.out")
        try Data(Self.script.utf8).write(to: scriptFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile \(scriptFile.path)"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GI_OUT"] = out.path
        environment["GI_BIN"] = Executable.buildFolder.appendingPathComponent("graphinspect").path
        environment["GI_ROOT"] = folder.path
        environment["GI_FILE"] = file.path
        environment["GI_LINE"] = "6"
        environment["GI_CHARACTER"] = "36"
        environment["XDG_STATE_HOME"] = folder.path
        environment["XDG_DATA_HOME"] = folder.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ChildProcesses.launch(process)
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        let seen = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        #expect(seen.contains("diagnostic 7 missing dependency `reviewStore: String`"), "what Neovim saw:\n\(seen)")
        #expect(seen.contains("hover ```text `analytics` for ReviewsComponent comes from AppComponent"), "what Neovim saw:\n\(seen)")
    }
}
