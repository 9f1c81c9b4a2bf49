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
        guard readsAsSiteFile(text, path: path, locale: locale, updates: updates) else { return nil }
        if let problem = verify(text, path: path, locale: locale, old: bundle, updates: updates) {
            reportUnsafe(updates[0], path: path, locale: locale, reason: problem)
            return nil
        }
        return BundleChange(locale: locale, path: path, oldText: oldText, newText: text, keys: updates.map(\.key))
    }

    /// Whether the site loader would read the edited bundle as a file (`InputReader`): within the
    /// size limit for site text files (counting a byte-order mark), and free of the characters it
    /// refuses. Otherwise reports it at the translation that makes the difference.
    private func readsAsSiteFile(_ text: String, path: String, locale: LocaleID, updates: [EntryUpdate]) -> Bool {
        let size = 3 + text.utf8.count
        if size > InputReader.textSizeLimit {
            let largest = updates.max { $0.size < $1.size } ?? updates[0]
            report.error(
                "input.too-large",
                "`\(largest.key)` would make \(path) \(Self.megabytes(size)), over the \(Self.megabytes(InputReader.textSizeLimit)) limit for site text files that `beckon build` holds bundles to; no bundle was changed",
                at: largest.location,
                fix:
                    "Shorten the translation (it is \(Self.megabytes(largest.size))); a whole bundle is rarely over 100 KB.",
                locale: locale)
            return false
        }
        guard case .failure(let problem) = InputReader.decode(Array(text.utf8), path: path) else { return true }
        let reserved = { (scalar: Unicode.Scalar) in (0x10_0000...0x10_FFFD).contains(scalar.value) }
        let culprit =
            updates.first { update in
                update.fields.contains { $0.value?.unicodeScalars.contains(where: reserved) == true }
                    || update.text.unicodeScalars.contains(where: reserved)
            } ?? updates[0]
        report.error(
            problem.rule, "`\(culprit.key)` cannot be written to \(path): \(problem.message)", at: culprit.location,
            fix: problem.fix ?? "Remove the character from the translation.", locale: locale)
        return false
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes * 10 / (1 << 20) / 10).\(bytes * 10 / (1 << 20) % 10) MB" : "\(bytes >> 10) KB"
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
