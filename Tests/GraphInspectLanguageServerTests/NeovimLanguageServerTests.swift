import Foundation
import Testing
import GraphInspectTestSupport

/// One real editor: Neovim (Debian's, installed by scripts/test), headless, configured by the
/// `init.lua` of docs/editors.md exactly as the page shows it (only the path of `graphinspect` put
/// in), so the page is what is tested. A script of the tests' own then acts as a person would.
@Suite(.ownThread) struct NeovimLanguageServerTests {
    /// A file with a missing dependency, a diagnostic at its line, and a hover over a lookup.
    static let hoverScript = """
        local out = io.open(os.getenv("GI_OUT"), "w")
        vim.cmd("edit " .. os.getenv("GI_FILE"))
        local buf = vim.api.nvim_get_current_buf()
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
        for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
        vim.cmd("qall!")
        """

    /// Two Swift buffers, then the quick fix of the missing dependency in the first: a move that
    /// edits two files no buffer has open, so Neovim opens them. Writes what Neovim then holds:
    /// its graphinspect clients, each loaded buffer's, and every diagnostic, before and after.
    static let quickFixScript = """
        local out = io.open(os.getenv("GI_OUT"), "w")
        local function say(text) out:write(text .. "\\n") out:flush() end
        local function servers()
          local found = {}
          for _, client in ipairs(vim.lsp.get_active_clients()) do
            if client.name == "graphinspect" then table.insert(found, client) end
          end
          return found
        end
        local function missing(buf)
          local found = {}
          for _, d in ipairs(vim.diagnostic.get(buf)) do
            if d.message:find("paymentService", 1, true) then table.insert(found, d) end
          end
          return found
        end
        local function diagnostics(when)
          for _, d in ipairs(vim.diagnostic.get()) do
            say(when .. " " .. vim.fn.fnamemodify(vim.api.nvim_buf_get_name(d.bufnr), ":t") .. ":" .. (d.lnum + 1) .. " " .. (d.message:gsub("\\n.*", "")))
          end
        end
        vim.cmd("edit " .. os.getenv("GI_SECOND"))
        vim.cmd("edit " .. os.getenv("GI_FILE"))
        local buf = vim.api.nvim_get_current_buf()
        vim.wait(60000, function() return #missing(buf) > 0 end, 20)
        -- Every server has published its reading (one copy each), or 2 s have passed.
        vim.wait(2000, function() return #missing(buf) >= #servers() end, 20)
        diagnostics("before")
        local error = missing(buf)[1]
        if error then
          local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = { start = { line = error.lnum, character = error.col }, ["end"] = { line = error.end_lnum, character = error.end_col } }, context = { diagnostics = {} } }
          local applied = false
          for id, response in pairs(vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 30000) or {}) do
            for _, action in ipairs(response.result or {}) do
              if not applied and action.edit and action.title:find("^Move") then
                say("applied " .. action.title)
                vim.lsp.util.apply_workspace_edit(action.edit, vim.lsp.get_client_by_id(id).offset_encoding)
                applied = true
              end
            end
          end
          local started = vim.loop.hrtime()
          local cleared = vim.wait(30000, function() return #missing(buf) == 0 end, 10)
          say("cleared " .. tostring(cleared) .. " after " .. math.floor((vim.loop.hrtime() - started) / 1e6) .. " ms")
        end
        vim.wait(500)
        diagnostics("after")
        say("servers " .. #servers())
        for _, b in ipairs(vim.api.nvim_list_bufs()) do
          if vim.api.nvim_buf_is_loaded(b) then
            local text = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), "\\n")
            say("buffer " .. vim.fn.fnamemodify(vim.api.nvim_buf_get_name(b), ":t") .. " " .. #vim.tbl_keys(vim.lsp.buf_get_clients(b)) .. " servers"
              .. (text:find("let paymentService", 1, true) and ", declares paymentService" or ""))
          end
        end
        out:close()
        for _, client in ipairs(servers()) do client.stop() end
        vim.cmd("qall!")
        """

    @Test func neovimShowsTheDiagnosticAndTheHover() throws {
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

        let seen = try Self.runNeovim(in: folder, script: Self.hoverScript, environment: ["GI_FILE": file.path, "GI_LINE": "6", "GI_CHARACTER": "36"])
        #expect(seen.contains("diagnostic 7 missing dependency `reviewStore: String`"), "what Neovim saw:\n\(seen)")
        #expect(seen.contains("hover ```text `analytics` for ReviewsComponent comes from AppComponent"), "what Neovim saw:\n\(seen)")
    }

    /// A server for every buffer doubled each diagnostic, and a quick fix that opened files left the
    /// server of the first buffer reading them from disk, so its error never cleared.
    @Test func neovimRunsOneServerForTheWorkspaceAndClearsAFixedError() throws {
        let folder = try LanguageServerTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A package, as the configuration finds its root: the folder with Package.swift.
        try Data("// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n".utf8)
            .write(to: folder.appendingPathComponent("Package.swift"))
        let sources = folder.appendingPathComponent("Sources/App")
        // The sample's checkout asks for `paymentService`, which only the profile area provides.
        let check = try Executable.run("graphinspect", ["check", sources.path])
        #expect(check.stdout.contains("CheckoutModule.swift:19:"), "check finds the sample's error: \(check.stdout)")
        #expect(check.stderr.contains(": 1 error, 0 warnings"), "and no other: \(check.stderr)")

        let seen = try Self.runNeovim(in: folder, script: Self.quickFixScript, environment: [
            "GI_FILE": sources.appendingPathComponent("CheckoutModule.swift").path,
            "GI_SECOND": sources.appendingPathComponent("HomeModule.swift").path,
        ])
        let lines = seen.split(separator: "\n").map(String.init)
        let before = lines.filter { $0.hasPrefix("before ") }
        #expect(before == ["before CheckoutModule.swift:19 missing dependency `paymentService: PaymentService`"], "each diagnostic once:\n\(seen)")
        #expect(lines.contains("applied Move `paymentService` from ProfileComponent up to AppComponent"), "what Neovim saw:\n\(seen)")
        #expect(lines.contains { $0.hasPrefix("cleared true ") }, "the fixed error clears:\n\(seen)")
        #expect(!lines.contains { $0.hasPrefix("after ") }, "no diagnostic is left:\n\(seen)")
        #expect(lines.contains("servers 1"), "one server for the root:\n\(seen)")
        let buffers = lines.filter { $0.hasPrefix("buffer ") }.sorted()
        #expect(buffers == [
            "buffer AppComponent.swift 1 servers, declares paymentService",
            "buffer CheckoutModule.swift 1 servers",
            "buffer HomeModule.swift 1 servers",
            "buffer ProfileHolder.swift 1 servers",
        ], "each buffer attached to that server, the two the fix opened among them:\n\(seen)")
        print("neovim: \(lines.first { $0.hasPrefix("cleared ") } ?? "not cleared")")
    }

    /// The `init.lua` docs/editors.md shows, with the built `graphinspect` in place of the one on
    /// the `PATH`.
    static func documentedConfiguration() throws -> String {
        let page = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/editors.md"), encoding: .utf8)
        let blocks = DocBlocks.blocks(in: page, fence: "lua")
        #expect(blocks.count == 1, "docs/editors.md shows one init.lua")
        let shown = try #require(blocks.first)
        let command = #"cmd = { "graphinspect", "lsp" }"#
        try #require(shown.contains(command), "the init.lua runs `graphinspect lsp`")
        let binary = Executable.buildFolder.appendingPathComponent("graphinspect").path
        return shown.replacingOccurrences(of: command, with: #"cmd = { "\#(binary)", "lsp" }"#)
    }

    /// Runs Neovim headless in `folder` with the documented configuration as its `init.lua`, then
    /// `script`; returns what the script wrote to `GI_OUT`.
    static func runNeovim(in folder: URL, script: String, environment extra: [String: String]) throws -> String {
        let nvim = try #require(["/usr/bin/nvim", "/usr/local/bin/nvim", "/opt/homebrew/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "neovim is not installed: bash scripts/test installs it")
        let initFile = folder.appendingPathComponent("init.lua"), scriptFile = folder.appendingPathComponent("script.lua")
        let out = folder.appendingPathComponent("nvim.out")
        try Data(try documentedConfiguration().utf8).write(to: initFile)
        try Data(script.utf8).write(to: scriptFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "-u", initFile.path, "-i", "NONE", "-c", "luafile \(scriptFile.path)"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GI_OUT"] = out.path
        environment["XDG_CONFIG_HOME"] = folder.path
        environment["XDG_STATE_HOME"] = folder.path
        environment["XDG_DATA_HOME"] = folder.path
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ChildProcesses.launch(process)
        let deadline = Date().addingTimeInterval(150)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        ChildProcesses.end(process)
        return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    }
}
