import BeckonDiagnostics
import BeckonSite

/// Applies an import's updates to one bundle's YAML text, then proves the edit safe by parsing the
/// result: the updated strings read back as imported, and every other string exactly as before.
struct BundleUpdater {
    let catalog: Catalog
    let report: ImportReport

    /// The new text of the locale's bundle, or `nil` after reporting why it cannot be edited.
    func change(_ locale: LocaleID, updates: [EntryUpdate]) -> BundleChange? {
        let bundle = catalog.bundles[locale]
        let path = bundle?.path ?? "locales/\(locale).yml"
        let oldText = bundle?.source.text ?? ""
        let sourceOrder = catalog.sourceBundle?.orderedKeys ?? []
        var text = oldText
        for update in updates {
            guard
                let edited = BundleYAMLEditor(text, path: path, sourceOrder: sourceOrder)?
                    .setting(update.key, to: update.text, fields: update.fields)
            else {
                reportUnsafe(
                    update, path: path, locale: locale, reason: "its YAML is shaped in a way Beckon does not edit")
                return nil
            }
            text = edited
        }
        if let problem = verify(text, path: path, locale: locale, old: bundle, updates: updates) {
            reportUnsafe(updates[0], path: path, locale: locale, reason: problem)
            return nil
        }
        return BundleChange(locale: locale, path: path, oldText: oldText, newText: text, keys: updates.map(\.key))
    }

    /// Why the edited text is not what the import meant, or `nil` when it is.
    private func verify(
        _ text: String, path: String, locale: LocaleID, old: LocaleBundle?, updates: [EntryUpdate]
    )
        -> String?
    {
        let (edited, diagnostics) = LocaleBundle.parse(SourceText(path: path, text: text), locale: locale)
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            return "the edited file would not read back (\(error.message))"
        }
        var expected = old?.entries.mapValues(Fields.init) ?? [:]
        for update in updates {
            var fields = expected[update.key] ?? Fields()
            fields.text = update.text
            fields.sourceHash = update.sourceHash
            if update.clearsReview {
                fields.review = nil
            } else if let review = update.review {
                fields.review = review
            }
            expected[update.key] = fields
        }
        let actual = edited.entries.mapValues(Fields.init)
        guard actual != expected else { return nil }
        let key = Set(actual.keys).union(expected.keys).sorted().first { actual[$0] != expected[$0] }
        return "the edit would also change `\(key?.rawValue ?? "another string")`"
    }

    private func reportUnsafe(_ update: EntryUpdate, path: String, locale: LocaleID, reason: String) {
        report.error(
            HandoffRule.unsafeEdit, "`\(update.key)` cannot be set in \(path): \(reason); no bundle was changed",
            at: update.location,
            fix:
                "Set it by hand in \(path) (`message:` with `sourceHash: \(update.sourceHash)`), then import the file again.",
            locale: locale)
    }

    /// What an import may or may not change about a string; locations are left out.
    private struct Fields: Equatable {
        var text = ""
        var description: String?
        var maxChars: Int?
        var maxWords: Int?
        var sourceHash: String?
        var isExternal = false
        var allowsSameAsSource = false
        var review: StringReview?

        init() {}

        init(_ entry: BundleEntry) {
            text = entry.text
            description = entry.description
            maxChars = entry.maxChars
            maxWords = entry.maxWords
            sourceHash = entry.sourceHash
            isExternal = entry.isExternal
            allowsSameAsSource = entry.allowsSameAsSource
            review = entry.review
        }
    }
}
