import BeckonTestSupport
import Foundation
import Testing

/// The shell blocks of README.md, docs/serve.md and docs/deferred-links.md marked
/// `<!-- runnable -->` run as a reader pastes them, in order, one shell per page: README's in an
/// empty folder, the others in a copy of the default site (with `examples/selffull`), with the
/// `beckon` just built first on `PATH` and free ports for the pages' 8080 and 8081.
@Suite(.serialized) struct RunnableDocsTests {
    /// The fenced blocks of a Markdown text whose line before the fence is `<!-- runnable -->`.
    static func runnableBlocks(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [String] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].trimmingCharacters(in: .whitespaces) == "<!-- runnable -->",
                index + 1 < lines.count, lines[index + 1].hasPrefix("```")
            else { continue }
            var body: [String] = []
            var line = index + 2
            while line < lines.count, !lines[line].hasPrefix("```") {
                body.append(lines[line])
                line += 1
            }
            blocks.append(body.joined(separator: "\n"))
            index = line
        }
        return blocks
    }

    @Test func theMarkerFindsEachBlockOnce() {
        let text =
            "a\n<!-- runnable -->\n```sh\necho one\n```\n```sh\necho skipped\n```\n<!-- runnable -->\n```sh\necho two\n```\n"
        #expect(Self.runnableBlocks(text) == ["echo one", "echo two"])
    }

    /// Runs a page's runnable blocks in `folder`; what they printed on failure.
    static func run(_ page: String, in folder: URL) throws -> (status: Int32, output: String) {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(page), encoding: .utf8)
        let blocks = runnableBlocks(text)
        #expect(!blocks.isEmpty, "\(page) has no runnable block")
        // Servers a failing block left running are stopped when the shell exits, and the shell
        // is stopped after four minutes, whatever a block waits for. The pages' ports (8080,
        // 8081) become free ones, so a server still stopping, or another program, is no clash.
        var commands = blocks.joined(separator: "\n")
        for port in ["8080", "8081"] {
            commands = commands.replacingOccurrences(of: port, with: String(LoopbackHTTP.freePort() ?? 0))
        }
        let script =
            "set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\ntrap 'exit 143' TERM\n" + commands
        let process = Process()
        process.executableURL = try #require(TestTool.program("bash"))
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = BeckonBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        environment["HOME"] = folder.path
        for name in ["BECKON_LINK_KEY", "BECKON_LINK_KEYS", "BECKON_API_TOKEN", "BECKON_TOKEN_KEY", "BECKON_APP_KEY"] {
            environment[name] = nil
        }
        process.environment = environment
        let stopper = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 240, execute: stopper)
        defer { stopper.cancel() }
        let (status, output, errors) = try CapturedRun.run(process)
        return (status, String(decoding: output + errors, as: UTF8.self))
    }

    @Test(.enabled(if: TestTool.shell.isAvailable, "openssl, curl or git is missing: run `make test-deps`"))
    func theReadmesBlocksRunAsWritten() throws {
        let folder = TemporaryDirectory()
        let run = try Self.run("README.md", in: folder.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\"link\":\"https://join.friendly.example/invite/"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder.path("my-invites/.beckon/invites.sqlite").path))
    }

    /// A copy of the default site, with `examples/selffull`.
    static func defaultSite() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        for part in ["beckon.yml", "templates", "locales", "static", "examples/selffull"] {
            let target = folder.url.appendingPathComponent(part)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(part), to: target)
        }
        return folder
    }

    @Test(.enabled(if: TestTool.shell.isAvailable, "openssl, curl or git is missing: run `make test-deps`"))
    func theDeferredLinksWalkThroughRunsAsWritten() throws {
        let folder = try Self.defaultSite()
        let run = try Self.run("docs/deferred-links.md", in: folder.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Invited by <bdi>Maya</bdi>"), "\(run.output)")
        #expect(run.output.contains("302 https://apps.apple.com/app/id6478123450"), "\(run.output)")
        #expect(run.output.contains("\"method\":\"clipboard\""), "\(run.output)")
        #expect(run.output.contains("\"event\":\"invite_app_installed\""), "\(run.output)")
        #expect(run.output.contains("ana@example.org,de-DE,"), "\(run.output)")
    }

    @Test(.enabled(if: TestTool.shell.isAvailable, "openssl, curl or git is missing: run `make test-deps`"))
    func theServeGuidesBlocksRunAsWritten() throws {
        let folder = try Self.defaultSite()
        let run = try Self.run("docs/serve.md", in: folder.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\"status\":\"accepted\""), "\(run.output)")
        #expect(run.output.contains("\"event\":\"invite_accepted\""), "\(run.output)")
    }
}
