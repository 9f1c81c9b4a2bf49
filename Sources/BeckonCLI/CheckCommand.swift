import ArgumentParser
import BeckonBuild

/// `beckon check`: everything `build` does except writing.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render and check every artifact without writing anything.")

    @OptionGroup var options: SiteOptions

    func run() async throws {
        let buildOptions = options.buildOptions(write: false)
        try await RunReporter(format: options.format, verb: .check).run(buildOptions)
    }
}
