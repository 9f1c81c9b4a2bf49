import BeckonDiagnostics
import BeckonJSON
import BeckonSite

/// A review file, `review-LOCALE.json`: the decisions a reviewer made on the review page
/// (`output/review/`), for `beckon l10n import`.
///
/// ```json
/// {"format": "beckon-review", "version": 1, "locale": "ar",
///  "decisions": [{"key": "expired.body", "decision": "approved", "translationHash": "1e8e36ae068adc91",
///                 "note": "Reads well."}]}
/// ```
///
/// `translationHash` is the `SourceHash` of the translation the reviewer saw, so a decision on a
/// text that changed since is not applied to the new one.
enum ReviewFile {
    /// The `format` member that marks a review file.
    static let format = "beckon-review"

    /// Whether a parsed JSON document is a review file.
    static func isReviewFile(_ root: JSONValue) -> Bool {
        root["format"]?.string == format
    }

    /// The decisions, as units without a target.
    static func read(_ root: JSONValue, catalog: Catalog, report: ImportReport) -> [ImportedUnit] {
        let top = report.location(utf8Offset: root.offset)
        if let version = root["version"], version.kind != .number("1") {
            var shown = version.kindDescription
            if case .number(let number) = version.kind { shown = "version \(number)" }
            report.error(
                HandoffRule.json, "this review file is \(shown), Beckon reads version 1",
                at: report.location(utf8Offset: version.offset), fix: "Export the decisions again from the review page."
            )
            return []
        }
        let localeValue = root["locale"]
        guard
            let locale = HandoffLocales.target(
                localeValue?.string, at: localeValue.map { report.location(utf8Offset: $0.offset) } ?? top,
                catalog: catalog, report: report)
        else { return [] }
        guard case .array(let decisions)? = root["decisions"]?.kind else {
            report.error(
                HandoffRule.json, "the review file has no `decisions` list", at: top,
                fix: "Export the decisions again from the review page.")
            return []
        }
        return decisions.compactMap { read($0, locale: locale, report: report) }
    }

    private static func read(_ value: JSONValue, locale: LocaleID, report: ImportReport) -> ImportedUnit? {
        let location = report.location(utf8Offset: value.offset)
        let known = StringReview.Decision.allCases.map(\.rawValue)
        guard let key = value["key"]?.string, !key.isEmpty else {
            report.error(
                HandoffRule.json, "a decision has no `key`", at: location,
                fix: "Give every decision the `key` of the string it is about.", locale: locale)
            return nil
        }
        guard let name = value["decision"]?.string, let decision = StringReview.Decision(rawValue: name) else {
            report.error(
                HandoffRule.json, "the decision on `\(key)` is not one of \(known.joined(separator: ", "))",
                at: location, fix: "Write `\"decision\": \"approved\"` or `\"decision\": \"needs-work\"`.",
                locale: locale)
            return nil
        }
        let note = value["note"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        return ImportedUnit(
            key: key, locale: locale, source: nil, target: nil, state: .translated, location: location,
            review: StringReview(decision: decision, translationHash: value["translationHash"]?.string, note: note))
    }
}
