import BeckonDiagnostics
import BeckonJSON
import BeckonSite

/// Reads one string of a String Catalog: its localizations other than the source language, each
/// decoded to ICU text in the shape the export chose (see `XCStringsMapping`).
struct XCStringsEntryReader {
    let catalog: Catalog
    let report: ImportReport
    let sourceLanguage: String
    private(set) var units: [ImportedUnit] = []
    /// Locale ids already reported as not the site's, so each is reported once.
    private var rejectedLocales: Set<String> = []

    init(catalog: Catalog, report: ImportReport, sourceLanguage: String) {
        self.catalog = catalog
        self.report = report
        self.sourceLanguage = sourceLanguage
    }

    /// How one string's values are written: the mode, and the arguments `%N$@` stand for.
    private struct Shape {
        var mode: XCStringsMapping.Mode
        var names: [String]
    }

    mutating func read(_ string: JSONValue.Member) {
        guard string.value.members != nil else {
            report.error(
                HandoffRule.json, "`\(string.key)` must be an object, not \(string.value.kindDescription)",
                at: report.location(utf8Offset: string.keyOffset), fix: "Write each string as the export did.")
            return
        }
        if case .bool(false) = string.value["shouldTranslate"]?.kind { return }
        let localizations = (string.value["localizations"]?.members ?? []).filter { !isSource($0.key) }
        let sourceLocalization = string.value["localizations"]?.members?.first { isSource($0.key) }?.value
        guard let source = catalog.sourceBundle?.entries[MessageKey(string.key)] else {
            // The planner reports the unknown key if a locale has a translation for it.
            for localization in localizations {
                let location = report.location(utf8Offset: localization.keyOffset)
                guard let locale = locale(localization.key, at: location) else { continue }
                units.append(
                    ImportedUnit(
                        key: string.key, locale: locale, source: nil, target: Self.anyValue(localization.value),
                        state: .translated, location: location))
            }
            return
        }
        let comment = string.value["comment"]?.string ?? ""
        let shape = Shape(
            mode: comment.contains(XCStringsMapping.verbatimMarker)
                ? .verbatim : (sourceLocalization?["variations"] != nil ? .plural : .simple),
            names: XCStringsPlaceholders.names(in: comment) ?? source.message.argumentNames)
        let fileSource = sourceLocalization.flatMap {
            try? decode($0, shape: shape, locale: catalog.locales.defaultLocale).text
        }
        for localization in localizations {
            let location = report.location(utf8Offset: localization.keyOffset)
            guard let locale = locale(localization.key, at: location) else { continue }
            do {
                let (text, state) = try decode(localization.value, shape: shape, locale: locale)
                units.append(
                    ImportedUnit(
                        key: string.key, locale: locale, source: fileSource, target: text, state: state,
                        location: location))
            } catch {
                report.error(
                    error.rule, "`\(string.key)` in \(locale): \(error.message)", at: location, fix: error.fix,
                    locale: locale)
            }
        }
    }

    private func isSource(_ id: String) -> Bool {
        id == sourceLanguage || HandoffLocales.siteLocale(id, in: catalog) == catalog.locales.defaultLocale
    }

    /// The site locale of a localization. A catalog shared with the app may hold languages the
    /// site is not built in: their translations are skipped, with a warning the first time.
    private mutating func locale(_ id: String, at location: SourceLocation) -> LocaleID? {
        if let locale = HandoffLocales.siteLocale(id, in: catalog) { return locale }
        if rejectedLocales.insert(id).inserted {
            report.add(
                .warning, HandoffRule.locale, "the site has no locale `\(id)`; its translations are skipped",
                at: location, fix: "Add `\(id)` to `locales.list` in beckon.yml to import them.")
        }
        return nil
    }

    /// The ICU text of a localization (`nil` when it has no value) and its state.
    private func decode(
        _ localization: JSONValue, shape: Shape, locale: LocaleID
    )
        throws(XCStringsFormat.DecodeError) -> (text: String?, state: ImportedUnit.State)
    {
        let zeroIsCategory = XCStringsWriter.zeroIsCategory(in: locale, catalog)
        if localization["substitutions"] != nil {
            throw unsupported("it uses substitutions (`%#@name@`)", fix: "Vary the whole string by plural instead.")
        }
        if let unit = localization["stringUnit"] {
            let state = Self.state(unit["state"]?.string)
            guard let value = unit["value"]?.string else { return (nil, state) }
            switch shape.mode {
            case .verbatim:
                return (value, state)
            case .simple:
                return (try XCStringsMapping.decodeUnit(value, names: shape.names), state)
            case .plural:
                let count = try countName(shape)
                return (
                    try XCStringsMapping.decodePlural(["other": value], count: count, zeroIsCategory: zeroIsCategory),
                    state
                )
            }
        }
        guard let variations = localization["variations"] else { return (nil, .untranslated) }
        guard shape.mode == .plural else {
            throw unsupported("it varies, but the source string does not", fix: "Write one value, as the source does.")
        }
        guard let plural = variations["plural"]?.members, variations.members?.count == 1 else {
            throw unsupported("only plural variations can be imported", fix: "Remove the device variations.")
        }
        var forms: [String: String] = [:]
        var states: [ImportedUnit.State] = []
        for form in plural {
            guard let value = form.value["stringUnit"]?["value"]?.string else { continue }
            forms[form.key] = value
            states.append(Self.state(form.value["stringUnit"]?["state"]?.string))
        }
        guard !forms.isEmpty else { return (nil, .untranslated) }
        let text = try XCStringsMapping.decodePlural(forms, count: try countName(shape), zeroIsCategory: zeroIsCategory)
        let state: ImportedUnit.State =
            states.contains(.untranslated)
            ? .untranslated : (states.contains(.needsReview) ? .needsReview : .translated)
        return (text, state)
    }

    private func countName(_ shape: Shape) throws(XCStringsFormat.DecodeError) -> String {
        guard let name = shape.names.first else {
            throw unsupported("it varies by plural, but the source has no number to count", fix: "Write one value.")
        }
        return name
    }

    private func unsupported(_ message: String, fix: String) -> XCStringsFormat.DecodeError {
        XCStringsFormat.DecodeError(rule: HandoffRule.unsupported, message: message, fix: fix)
    }

    /// The common state of an Apple `stringUnit.state`; a value without one is taken as translated.
    private static func state(_ state: String?) -> ImportedUnit.State {
        switch state {
        case "translated", nil: .translated
        case "new": .untranslated
        default: .needsReview
        }
    }

    /// Some value of a localization, for reporting a string the site does not have.
    private static func anyValue(_ localization: JSONValue) -> String? {
        localization["stringUnit"]?["value"]?.string
            ?? localization["variations"]?["plural"]?.members?.lazy.compactMap {
                $0.value["stringUnit"]?["value"]?.string
            }
            .first
    }
}
