import BeckonDiagnostics
import BeckonSite

/// Checks imported translations against the catalog and decides which strings each bundle must
/// change.
///
/// A unit changes its bundle when its target says something other than the bundle's text (or the
/// bundle has none), or when it marks a stale translation done without changing it. Either way the
/// entry records the `sourceHash` of the source text the translator saw. Nothing else changes a
/// bundle: not an unchanged target, not an empty one (empty means untranslated), not a target a
/// tool pre-filled with the source. So importing an untouched export changes nothing.
///
/// A reviewer's decision (from a review file, or an XLIFF state) is recorded with the translation
/// it was made on; one made on a text the bundle no longer holds is skipped with a warning.
struct ImportPlanner {
    let catalog: Catalog
    let report: ImportReport

    /// The updates per locale, in file order.
    func plan(_ units: [ImportedUnit]) -> [LocaleID: [EntryUpdate]] {
        var updates: [LocaleID: [EntryUpdate]] = [:]
        var seen: Set<[String]> = []
        let sourcePath = catalog.sourceBundle?.path ?? "the source bundle"
        let sourceKeys = catalog.sourceBundle?.orderedKeys.map(\.rawValue) ?? []
        for unit in units.map({ $0.droppingLeadingByteOrderMarks() }) {
            guard let source = catalog.sourceBundle?.entries[MessageKey(unit.key)] else {
                // A unit nobody translated or reviewed is left alone: it cannot lose work.
                guard unit.target?.isEmpty == false || unit.review != nil else { continue }
                report.error(
                    HandoffRule.unknownKey,
                    "`\(unit.key)` is not a string of \(sourcePath)\(DidYouMean.phrase(for: unit.key, among: sourceKeys))",
                    at: unit.location,
                    fix: "Export the file again: the key was renamed or removed after this export. Or remove the unit.",
                    locale: unit.locale)
                continue
            }
            guard seen.insert([unit.locale.rawValue, unit.key]).inserted else {
                report.error(
                    HandoffRule.duplicateKey, "`\(unit.key)` is translated twice into \(unit.locale)",
                    at: unit.location,
                    fix: "Remove one of the two units.", locale: unit.locale)
                continue
            }
            if let update = update(for: unit, source: source) { updates[unit.locale, default: []].append(update) }
        }
        return updates
    }

    private func update(for unit: ImportedUnit, source: BundleEntry) -> EntryUpdate? {
        guard let target = unit.target, !target.isEmpty else { return reviewOnly(unit, source: source) }
        let fileSource = unit.source ?? source.text
        if unit.state == .untranslated, target == fileSource || target == source.text { return nil }
        guard let message = checked(target, of: unit, source: source) else { return nil }
        let sourceChanged = !Self.same(fileSource, as: source)
        var hash = SourceHash.of(sourceChanged ? fileSource : source.text)
        var text = target
        var review = unit.review
        let existing = catalog.bundles[unit.locale]?.entries[source.key]
        if let existing,
            target == existing.text || target == XMLWriter.sanitized(existing.text)
                || message.isEquivalent(to: existing.message)
        {
            // Unchanged: a stale translation marked done records the source it now matches, and a
            // new decision is recorded.
            review = review.map {
                StringReview(decision: $0.decision, translationHash: SourceHash.of(existing.text), note: $0.note)
            }
            let recorded = catalog.recordedSourceHash(of: source.key, in: unit.locale)
            let isStale = recorded.map { $0 != SourceHash.of(source.text) } ?? false
            let confirms = isStale && unit.state == .translated && !sourceChanged
            guard confirms || (review != nil && review != existing.review) else { return nil }
            text = existing.text
            hash = answeredSource(confirmed: confirms, by: review, recorded: recorded, otherwise: hash)
        }
        if sourceChanged {
            report.add(
                .warning, HandoffRule.sourceChanged,
                "the source of `\(unit.key)` changed after this file was exported; the \(unit.locale) translation is imported but stays stale",
                at: unit.location, fix: "Export again and translate the current source text.", locale: unit.locale)
        }
        var update = EntryUpdate(key: source.key, text: text, sourceHash: hash, review: review, location: unit.location)
        update.clearsReview = review == nil && text != existing?.text
        return update
    }

    /// The source a translation left as it was answers to once a decision is recorded on it:
    /// confirming or approving it answers to `current`; a request for changes keeps the source it
    /// was recorded against (when one was).
    private func answeredSource(
        confirmed: Bool, by review: StringReview?, recorded: String?, otherwise current: String
    ) -> String {
        confirmed || review?.decision == .approved ? current : recorded ?? current
    }

    /// A decision without a translation (a review file's): recorded on the bundle's translation
    /// when that is the text the reviewer saw.
    private func reviewOnly(_ unit: ImportedUnit, source: BundleEntry) -> EntryUpdate? {
        guard let review = unit.review else { return nil }
        guard let existing = catalog.bundles[unit.locale]?.entries[source.key] else {
            report.add(
                .warning, HandoffRule.reviewOutdated,
                "`\(unit.key)` has no \(unit.locale) translation to review; the decision is skipped",
                at: unit.location, fix: "Translate the string first, then review it.", locale: unit.locale)
            return nil
        }
        guard review.holds(for: existing.text) else {
            report.add(
                .warning, HandoffRule.reviewOutdated,
                "the \(unit.locale) translation of `\(unit.key)` changed after it was reviewed; the decision is skipped",
                at: unit.location, fix: "Review the current translation on a freshly built review page.",
                locale: unit.locale)
            return nil
        }
        let decided = StringReview(
            decision: review.decision, translationHash: SourceHash.of(existing.text), note: review.note)
        guard decided != existing.review else { return nil }
        let sourceHash = answeredSource(
            confirmed: false, by: review, recorded: catalog.recordedSourceHash(of: source.key, in: unit.locale),
            otherwise: SourceHash.of(source.text))
        return EntryUpdate(
            key: source.key, text: existing.text, sourceHash: sourceHash, review: decided, location: unit.location)
    }

    /// The parsed target, or `nil` after reporting why it cannot be imported.
    private func checked(_ target: String, of unit: ImportedUnit, source: BundleEntry) -> Message? {
        let subject = "the \(unit.locale) translation of `\(unit.key)`"
        let message: Message
        do {
            message = try MessageParser.parse(target)
        } catch {
            report.error(
                "l10n.icu-syntax", "\(subject) is not valid ICU MessageFormat: \(error.message)", at: unit.location,
                fix: error.fix, locale: unit.locale)
            return nil
        }
        let expected = source.message.argumentNames
        let actual = message.argumentNames
        let unexplained = AgreementArguments.unexplained(actual, source: expected)
        guard Set(expected).isSubset(of: actual), unexplained.isEmpty else {
            let extra = actual.filter { unexplained.contains($0) }.map { "{\($0)}" }
            let missing = expected.filter { !actual.contains($0) }.map { "{\($0)}" }
            let problems =
                (extra.isEmpty ? [] : ["uses \(extra.joined(separator: ", "))"])
                + (missing.isEmpty ? [] : ["lacks \(missing.joined(separator: ", "))"])
            report.error(
                HandoffRule.argumentMismatch,
                "\(subject) \(problems.joined(separator: " and ")); it must use the source's arguments",
                at: unit.location,
                fix: expected.isEmpty
                    ? "Remove the arguments; the source has none."
                    : "Use exactly \(expected.map { "{\($0)}" }.joined(separator: ", ")), untranslated.",
                locale: unit.locale)
            return nil
        }
        if let scalar = target.unicodeScalars.first(where: { (0xE000...0xF8FF).contains($0.value) }) {
            report.error(
                "l10n.private-use",
                "\(subject) contains the private-use character U+\(String(scalar.value, radix: 16, uppercase: true))",
                at: unit.location, fix: "Remove it; private-use characters render differently on every device.",
                locale: unit.locale)
            return nil
        }
        return message
    }

    /// Whether the source text in the file is the bundle's source (as written, as an XML export
    /// carries it, or parsed to an equivalent message).
    private static func same(_ fileSource: String, as source: BundleEntry) -> Bool {
        if fileSource == source.text || fileSource == XMLWriter.sanitized(source.text) { return true }
        guard let message = try? MessageParser.parse(fileSource) else { return false }
        return message.isEquivalent(to: source.message)
    }
}
