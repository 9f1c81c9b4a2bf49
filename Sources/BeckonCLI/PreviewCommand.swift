import ArgumentParser
import BeckonBuild
import BeckonDiagnostics
import BeckonPreview
import Foundation

/// `beckon preview`: the edit loop. Builds the site in memory, serves it with viewers for pages,
/// emails, cards and messages, watches the site's files and rebuilds what an edit touched, and
/// tells the browser to reload.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve the site with live reload while you edit it.",
        discussion: """
            Builds the site in memory (nothing is written to output/), serves an index of every page, \
            email, card and share message of every locale at http://127.0.0.1:4040/, and rebuilds \
            after every saved change to beckon.yml, templates/, locales/ or static/ — only what the \
            change touched — telling the open browser tabs to reload. Findings show in the browser at \
            the elements they concern and as a list with the source file and line. An edit that breaks \
            the site shows why, and the last good render stays visible. Production URLs are served \
            locally in preview only. Ctrl-C stops it.
            """)

    @OptionGroup var options: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "n"))
    var port: Int = 4040

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The address to listen on. Anything but 127.0.0.1 or ::1 lets other machines read your unreleased copy.",
            valueName: "address"))
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the preview in the default browser.")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("`--port` must be from 0 to 65535.") }
    }

    func run() async throws {
        let log: @Sendable (String) -> Void = { line in
            let time = Self.clock.string(from: Date())
            FileHandle.standardError.write(Data("[\(time)] \(line)\n".utf8))
        }
        if !["127.0.0.1", "::1", "localhost"].contains(host) {
            FileHandle.standardError.write(
                Data(
                    "warning: serving on \(host): anyone who can reach this machine can read the preview.\n".utf8))
        }
        var buildOptions = options.buildOptions(write: false)
        // Each rebuild's log line says why the first files it rendered again were not reused.
        buildOptions.explain = .rendered
        let engine = cachedEngine(buildOptions, forOneRun: false)
        let session = PreviewSession(options: buildOptions, engine: engine)
        let first = await session.rebuild()
        if first.broken {
            let text = DiagnosticFormat.text.render(first.report, sources: first.sources)
            FileHandle.standardError.write(Data(text.utf8))
            log("the site does not build yet; the preview will show it as soon as it does")
        } else {
            log(
                "built \(first.files.count) files in \(Int((first.seconds * 1000).rounded())) ms: "
                    + first.report.countsPhrase)
        }
        let watcher: SiteWatcher
        do {
            watcher = try SiteWatcher(root: options.siteURL)
        } catch {
            throw fail("preview.watch", "cannot watch the site: \(error)", fix: "Check that the site folder exists.")
        }
        let shouldOpen = open
        let server = PreviewServer(
            session: session, host: host, port: port,
            screenshots: options.siteURL.appendingPathComponent("output/screenshots"))
        do {
            try await server.run(watcher: watcher, log: log) { url in
                FileHandle.standardOutput.write(Data("Preview: \(url)  (Ctrl-C to stop)\n".utf8))
                if shouldOpen { Self.openBrowser(url) }
            }
        } catch {
            throw fail(
                "preview.serve", "the preview server stopped: \(error)",
                fix: "Choose another port with `--port N` (0 picks a free one).")
        }
        log("stopped")
    }

    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()

    /// Opens a URL with `xdg-open` where there is one.
    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
