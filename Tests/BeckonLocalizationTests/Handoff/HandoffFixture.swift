import BeckonDiagnostics
import BeckonSite
import Foundation

@testable import BeckonLocalization

/// A small catalog with every kind of string a hand-off must carry: metadata, arguments, a plural,
/// a select, markup, quotes, ICU apostrophes; a German translation with one string missing and one
/// stale; an Arabic one with a six-category plural.
enum HandoffFixture {
    static let english = """
        # Source strings.
        common:
          friend:
            message: A friend
            description: Stands in for a missing name.
          cta: Get the app

        landing:
          title:
            message: "{inviter} invited you to {app}"
            description: Page title.
            maxChars: 60
          markup: "Tom & Jerry <3 \\"quotes\\" — it's 100% fun"
          braces: "Write '{'curly'}' braces, don''t worry"
          count:
            message: "{count, plural, =0 {No invites} one {# invite} other {# invites}}"
            description: Invites sent.
          greeting: "{invitee, select, none {Hey} other {Hey {invitee}}}!"

        """

    static let german = """
        common:
          friend: Jemand
          cta: Hol dir die App

        landing:
          title: "{inviter} lädt dich zu {app} ein"
          markup: 'Tom & Jerry <3 „Zitate“ — 100% Spaß'
          count:
            message: "{count, plural, =0 {Keine Einladungen} one {# Einladung} other {# Einladungen}}"
            sourceHash: 0000000000000000
          greeting: "{invitee, select, none {Hallo} other {Hallo {invitee}}}!"

        """

    static let arabic = """
        landing:
          count: "{count, plural, zero {لا دعوات} one {دعوة واحدة} two {دعوتان} few {# دعوات} many {# دعوة} other {# دعوة}}"

        """

    static let germanLocale = LocaleID("de-DE")!

    /// A catalog of bundles by locale id; the list is en-US, de-DE and ar.
    static func catalog(_ texts: [String: String] = ["en-US": english, "de-DE": german, "ar": arabic]) -> Catalog {
        var bundles: [LocaleID: LocaleBundle] = [:]
        for (id, text) in texts {
            let locale = LocaleID(id)!
            let (bundle, diagnostics) = LocaleBundle.parse(
                SourceText(path: "locales/\(id).yml", text: text), locale: locale)
            precondition(diagnostics.isEmpty, "\(id): \(diagnostics)")
            bundles[locale] = bundle
        }
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US, de-DE, ar]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(locales: locales, bundles: bundles)
    }

    /// The export of the default catalog for German (XLIFF) or every locale (String Catalog).
    static func export(_ format: HandoffFormat, catalog: Catalog = catalog()) -> String {
        HandoffExport.export(catalog, format: format, locale: germanLocale)!.text
    }

    /// Plans importing a file's text into a catalog.
    static func plan(_ text: String, catalog: Catalog = catalog(), path: String = "de.xlf") -> HandoffImportPlan {
        HandoffImport.plan(Array(text.utf8), path: path, catalog: catalog)
    }

    /// The rendered diagnostics, one `file:line:column: severity[rule]: message` per line.
    static func describe(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { "\($0.location?.description ?? "-"): \($0.severity)[\($0.rule)]: \($0.message)" }
            .joined(separator: "\n")
    }

    /// Edits a String Catalog: sets the value (or plural forms) and state of one localization.
    static func editingCatalog(
        _ text: String, key: String, locale: String = "de-DE", value: String? = nil, forms: [String: String]? = nil,
        state: String = "translated"
    ) throws -> String {
        var root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        var strings = root["strings"] as! [String: Any]
        var string = strings[key] as! [String: Any]
        var localizations = string["localizations"] as? [String: Any] ?? [:]
        func unit(_ value: String) -> [String: Any] { ["stringUnit": ["state": state, "value": value]] }
        if let value { localizations[locale] = unit(value) }
        if let forms { localizations[locale] = ["variations": ["plural": forms.mapValues(unit)]] }
        string["localizations"] = localizations
        strings[key] = string
        root["strings"] = strings
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
