import BeckonDiagnostics
import BeckonJSON
import BeckonSite

/// Reads the translations of an Apple String Catalog: for every string, every localization other
/// than the source language, turned back into ICU text (see `XCStringsMapping`).
enum XCStringsReader {
    static func read(_ text: String, catalog: Catalog, report: ImportReport) -> [ImportedUnit] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            report.error(
                HandoffRule.json, "this is not valid JSON: \(error.message)",
                at: report.location(utf8Offset: error.offset),
                fix:
                    "Fix the JSON at this position (each member once per object); export the file again if a tool wrote it."
            )
            return []
        }
        let top = report.location(utf8Offset: root.offset)
        guard root.members != nil else {
            report.error(
                HandoffRule.json, "a String Catalog is a JSON object, not \(root.kindDescription)", at: top,
                fix: "Import the `.xcstrings` file `beckon l10n export` wrote.")
            return []
        }
        guard let language = root["sourceLanguage"], let sourceLanguage = language.string else {
            report.error(
                HandoffRule.json, "the String Catalog has no `sourceLanguage`", at: top,
                fix: "Add `\"sourceLanguage\" : \"\(catalog.locales.defaultLocale)\"`.")
            return []
        }
        guard
            HandoffLocales.checkSource(
                sourceLanguage, at: report.location(utf8Offset: language.offset), catalog: catalog, report: report)
        else { return [] }
        guard let strings = root["strings"]?.members else {
            report.error(
                HandoffRule.json, "the String Catalog has no `strings` object", at: top,
                fix: "Import the `.xcstrings` file `beckon l10n export` wrote.")
            return []
        }
        var reader = XCStringsEntryReader(catalog: catalog, report: report, sourceLanguage: sourceLanguage)
        for string in strings { reader.read(string) }
        return reader.units
    }
}
