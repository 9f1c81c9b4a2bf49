import ArgumentParser
import BeckonBuild

/// `beckon check`: everything `build` does except writing.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render and check every artifact without writing anything.",
        discussion: """
            Findings on rendered output are reported at the source line that produced the offending \
            bytes (a template line, a string in locales/, a colour in beckon.yml), and a finding made in \
            several locales and samples is reported once, saying where it occurs; --format json, \
            sarif and junit keep every occurrence.
            """)

    @OptionGroup var options: SiteOptions

    func run() async throws {
        let buildOptions = options.buildOptions(write: false)
        try await RunReporter(format: options.format, verb: .check).run(buildOptions)
    }
}
