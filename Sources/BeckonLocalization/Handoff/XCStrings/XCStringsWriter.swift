import BeckonJSON
import BeckonSite

/// Writes an Apple String Catalog (`.xcstrings`) holding every locale of the site.
///
/// Strings are listed in source-file order (Xcode sorts them when it saves; order does not matter
/// on import). Each has `extractionState: manual`; a `comment` made of the description, limits,
/// usage and, for strings with arguments, which placeholder is which argument; and a localization
/// per locale that has the string, `translated` or, for a stale translation, `needs_review`.
/// Locales without a translation are left out, as Xcode does.
enum XCStringsWriter {
    static func write(_ units: [HandoffUnit], catalog: Catalog) -> String {
        let sourceLocale = catalog.locales.defaultLocale
        var strings: [(String, JSONValue)] = []
        for unit in units {
            let translations = catalog.locales.list.filter { $0 != sourceLocale }.compactMap { locale in
                catalog.bundles[locale]?.entries[unit.key].map { (locale, $0) }
            }
            let names = unit.source.message.argumentNames
            let entries = [(sourceLocale, unit.source)] + translations
            let mode = XCStringsMapping.mode(
                entries.map { .init(message: $0.1.message, zeroIsCategory: zeroIsCategory(in: $0.0, catalog)) },
                names: names)
            var localizations: [(String, JSONValue)] = []
            for (locale, entry) in entries {
                let needsWork = locale != sourceLocale && entry.currentReview?.decision == .needsWork
                let state =
                    HandoffState(source: unit.source, in: locale, catalog: catalog) == .stale || needsWork
                    ? "needs_review" : "translated"
                let encoded = XCStringsMapping.encode(
                    entry.message, mode: mode, names: names, zeroIsCategory: zeroIsCategory(in: locale, catalog))
                localizations.append((locale.rawValue, localization(encoded ?? .unit(entry.text), state: state)))
            }
            localizations.sort { $0.0 < $1.0 }
            var comment = unit.notes.filter { $0.category != .review && $0.category != .reviewer }.map(\.text)
            if mode == .verbatim {
                comment.append(XCStringsMapping.verbatimMarker)
            } else if let placeholders = XCStringsPlaceholders.comment(names: names, mode: mode) {
                comment.append(placeholders)
            }
            // Reviewers' notes, one line per language (a comment is shared by all of them).
            for (locale, entry) in translations {
                if let note = entry.currentReview?.note { comment.append("Reviewer (\(locale)): \(note)") }
            }
            var members: [(String, JSONValue)] = []
            if !comment.isEmpty { members.append(("comment", .string(comment.joined(separator: "\n")))) }
            members.append(("extractionState", .string("manual")))
            members.append(("localizations", .object(localizations)))
            strings.append((unit.key.rawValue, .object(members)))
        }
        return JSONWriter.write(
            .object([
                ("sourceLanguage", .string(sourceLocale.rawValue)), ("strings", .object(strings)),
                ("version", .string("1.0")),
            ]))
    }

    /// Whether a locale's CLDR cardinal rules have a `zero` category.
    static func zeroIsCategory(in locale: LocaleID, _ catalog: Catalog) -> Bool {
        catalog.formatter(for: locale).cardinalCategories.contains(.zero)
    }

    private static func localization(_ encoded: XCStringsMapping.Encoded, state: String) -> JSONValue {
        func unit(_ value: String) -> JSONValue {
            .object([("stringUnit", .object([("state", .string(state)), ("value", .string(value))]))])
        }
        switch encoded {
        case .unit(let value):
            return unit(value)
        case .plural(let forms):
            let sorted = forms.sorted { $0.key < $1.key }.map { ($0.key, unit($0.value)) }
            return .object([("variations", .object([("plural", .object(sorted))]))])
        }
    }
}
