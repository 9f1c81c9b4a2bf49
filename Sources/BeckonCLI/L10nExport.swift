import ArgumentParser
import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Foundation

/// `beckon l10n export`: the site's strings as a file for translators.
struct L10nExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the strings for translators: XLIFF 1.2, XLIFF 2.0 or an Apple String Catalog.",
        discussion: """
            XLIFF holds one target locale (--locale); a String Catalog (.xcstrings) holds every \
            locale, for sharing strings with the iOS app. Each string carries its source text, its \
            translation, a state (new, needs review because the source changed, translated) and \
            notes: what it is for and its length limit. Bring the translated file back with \
            `beckon l10n import`. See docs/handoff.md.

            Examples:
              beckon l10n export --format xliff12 --locale de-DE --output de-DE.xlf
              beckon l10n export --format xcstrings --output Invite.xcstrings
            """)

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("xliff12, xliff20 or xcstrings.", valueName: "format"))
    var format: HandoffFormat

    @Option(help: ArgumentHelp("The locale to translate into (XLIFF only).", valueName: "id"))
    var locale: String?

    @Option(help: ArgumentHelp("The file to write; standard output by default.", valueName: "file"))
    var output: String?

    func validate() throws {
        if let locale, LocaleID(locale) == nil {
            throw ValidationError("`\(locale)` is not a locale id. \(LocaleID.hint(for: locale))")
        }
        if format == .xcstrings, locale != nil {
            throw ValidationError("A String Catalog holds every locale; leave out --locale.")
        }
        if format != .xcstrings, locale == nil {
            throw ValidationError("--format \(format.rawValue) needs --locale: the locale to translate into.")
        }
    }

    func run() throws {
        let sources = SourceStore()
        let root = options.siteRoot
        let (loaded, diagnostics) = Catalog.loadForHandoff(root: root, sources: sources)
        guard let catalog = loaded else {
            let report = DiagnosticReport(diagnostics).finalized()
            FileHandle.standardError.write(Data(DiagnosticFormat.text.render(report, sources: sources).utf8))
            throw ExitCode(1)
        }
        let target = locale.flatMap(LocaleID.init)
        let targets = catalog.locales.list.filter { $0 != catalog.locales.defaultLocale }
        if let target, !targets.contains(target) {
            let choices = targets.isEmpty ? "none yet" : targets.map(\.rawValue).joined(separator: ", ")
            throw fail(
                HandoffRule.locale.rawValue,
                target == catalog.locales.defaultLocale
                    ? "`\(target)` is the source locale; translators translate from it"
                    : "`\(target)` is not one of the site's locales",
                fix: "Export one of the locales to translate into (\(choices)), or add it to `locales.list` first.")
        }
        guard let document = HandoffExport.export(catalog, format: format, locale: target) else {
            throw fail(HandoffRule.locale.rawValue, "nothing to export for `\(locale ?? "")`")
        }
        let summary = Self.summary(document, format: format, locale: target, locales: targets.count)
        guard let output else {
            print(document.text, terminator: "")
            FileHandle.standardError.write(Data((summary + ".\n").utf8))
            return
        }
        do {
            try Data(document.text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw fail("handoff.write", "`\(output)` could not be written: \(error.localizedDescription)")
        }
        print("\(summary) to \(output).")
    }

    /// "Exported 48 strings for de-DE: 2 to translate, 1 to review".
    static func summary(
        _ document: HandoffExport.Document, format: HandoffFormat, locale: LocaleID?, locales: Int
    )
        -> String
    {
        let scope = locale.map { "for \($0)" } ?? "in \(locales + 1) locales"
        let work = [
            document.untranslated > 0 ? "\(document.untranslated) to translate" : nil,
            document.stale > 0 ? "\(document.stale) to review" : nil,
        ].compactMap { $0 }
        return "Exported \(document.strings) strings \(scope)"
            + (work.isEmpty ? "" : " (\(work.joined(separator: ", ")))")
    }
}

extension HandoffFormat: ExpressibleByArgument {}
