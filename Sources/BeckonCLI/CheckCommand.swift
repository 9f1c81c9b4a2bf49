import ArgumentParser
import BeckonBuild

/// `beckon check`: everything `build` does except writing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render and check every artifact without writing anything.")

    @OptionGroup var options: SiteOptions

    func run() throws {
        let buildOptions = options.buildOptions(write: false)
        try RunReporter(format: options.format, verb: .check).run(buildOptions)
    }
}
