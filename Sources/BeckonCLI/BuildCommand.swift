import ArgumentParser
import BeckonBuild
import Foundation

/// `beckon build`: render, check and write the site.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render and check every artifact, then replace the output folder atomically.",
        discussion: """
            The output folder is replaced only when the build has no errors (or with --keep-going); \
            a failed build leaves the previous output untouched. A build that writes also brings \
            locales/translations.lock up to date: the source text each translation was made from, \
            so a source edit makes its untouched translations stale (l10n.stale). Findings on rendered output are reported at the source line that produced the offending \
            bytes (a template line, a string in locales/, a colour in beckon.yml), and a finding made in \
            several locales and samples is reported once, saying where it occurs; --format json, \
            sarif and junit keep every occurrence.
            """)

    @OptionGroup var options: SiteOptions

    @Option(name: .long, help: ArgumentHelp("Where to write (default: SITE/output).", valueName: "dir"))
    var output: String?

    @Flag(name: .long, help: "Write the output even when there are errors; the exit status is still 1.")
    var keepGoing = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Say on standard error why FILE (an output path, such as de-DE/expired/index.html) was rendered again or reused: the string or file that changed. Compares with the results in --cache DIR; repeatable.",
            valueName: "file"))
    var explain: [String] = []

    func run() async throws {
        let outputURL = output.map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
        var buildOptions = options.buildOptions(output: outputURL, keepGoing: keepGoing, write: true)
        buildOptions.streamsOutput = true
        if !explain.isEmpty { buildOptions.explain = .paths(explain) }
        try await RunReporter(format: options.format, verb: .build).run(buildOptions)
    }
}
