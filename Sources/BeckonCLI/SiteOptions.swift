import ArgumentParser
import BeckonBuild
import BeckonChecks
import BeckonDiagnostics
import BeckonSite
import Foundation

/// The options `build` and `check` share.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site folder (the one holding beckon.yml).", valueName: "dir"))
    var site: String = "."

    @Option(
        name: .customLong("locale"),
        help: ArgumentHelp("Build only this locale (repeatable); the default locale is always loaded.", valueName: "id")
    )
    var locales: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Report format: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format")
    )
    var format: DiagnosticFormat = .text

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .long, help: "Also build the pseudo-locales en-XA (accented, 35% longer) and ar-XB (right to left).")
    var pseudo = false

    @Flag(name: .long, help: "Also check external links over the network (answers cached for a day).")
    var online = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep rendered files and check results in this folder and reuse them in the next run (output files read back are hard links to its copies: edit the site, not them).",
            valueName: "dir"))
    var cache: String?

    func validate() throws {
        for locale in locales where LocaleID(locale) == nil {
            throw ValidationError("`\(locale)` is not a locale id. \(LocaleID.hint(for: locale))")
        }
    }

    var siteURL: URL {
        URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }

    var localeIDs: [LocaleID] { locales.compactMap(LocaleID.init) }

    /// Build options from these flags.
    func buildOptions(output: URL? = nil, keepGoing: Bool = false, write: Bool) -> BuildOptions {
        var options = BuildOptions(
            site: siteURL, output: output, locales: localeIDs, strict: strict, keepGoing: keepGoing, write: write,
            pseudo: pseudo, onlineCache: online ? OnlineLinkCache.defaultFile : nil)
        options.cacheFolder = cache.map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL
        }
        return options
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}
