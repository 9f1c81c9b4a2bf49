import BeckonDiagnostics
import BeckonHTML
import BeckonSite

/// Reads the translations of an XLIFF 2.x document: every `<unit>` of every `<file>`, keyed by
/// `name` (else `id`). A unit's segments and ignorables are joined in order; its state is the
/// least advanced of its segments' (`initial` when unset).
enum XLIFF20Reader {
    /// XLIFF 2 states, least advanced first; `translated` and later mean done.
    private static let states = ["initial", "translated", "reviewed", "final"]

    static func read(_ root: XMLNode, catalog: Catalog, report: ImportReport) -> [ImportedUnit] {
        let rootLocation = report.location(line: root.line, element: root.name)
        guard HandoffLocales.checkSource(root[attribute: "srcLang"], at: rootLocation, catalog: catalog, report: report)
        else { return [] }
        let files = root.elements(named: "file")
        if files.isEmpty {
            report.error(
                HandoffRule.xml, "the XLIFF document has no `<file>`", at: rootLocation,
                fix: "Import the file `beckon l10n export` wrote, translated.")
        }
        let units = files.flatMap { $0.descendants(named: "unit") }.filter { $0[attribute: "translate"] != "no" }
        guard !units.isEmpty,
            let locale = HandoffLocales.target(
                root[attribute: "trgLang"], at: rootLocation, catalog: catalog, report: report)
        else { return [] }
        return units.compactMap { read($0, locale: locale, report: report) }
    }

    private static func read(_ unit: XMLNode, locale: LocaleID, report: ImportReport) -> ImportedUnit? {
        let location = report.location(line: unit.line, element: "unit")
        guard let key = unit[attribute: "name"] ?? unit[attribute: "id"], !key.isEmpty else {
            report.error(
                HandoffRule.xml, "a `<unit>` has no `id`", at: location,
                fix: "Give every unit the `id` the export wrote.",
                locale: locale)
            return nil
        }
        var source = ""
        var target = ""
        var complete = true
        var entities: [String] = []
        var least = states.count - 1
        var stale = false
        var needsWork = false
        for part in unit.elements where part.name == "segment" || part.name == "ignorable" {
            let partSource = part.element(named: "source").map(XLIFFText.init)
            source += partSource?.text ?? ""
            entities += partSource?.entities ?? []
            if let partTarget = part.element(named: "target").map(XLIFFText.init) {
                target += partTarget.text
                entities += partTarget.entities
            } else if part.name == "ignorable" {
                target += partSource?.text ?? ""
            } else {
                complete = false
            }
            if part.name == "segment" {
                least = min(least, states.firstIndex(of: part[attribute: "state"] ?? "initial") ?? 0)
                stale = stale || part[attribute: "subState"] == XLIFF20Writer.staleSubState
                needsWork = needsWork || part[attribute: "subState"] == XLIFF20Writer.needsWorkSubState
            }
        }
        if let entity = entities.first {
            report.error(
                HandoffRule.xml, "`\(key)` uses the entity `&\(entity);`, which Beckon never expands", at: location,
                fix: "Write the text itself instead of an entity reference.", locale: locale)
            return nil
        }
        let state: ImportedUnit.State =
            least >= 1 ? .translated : (stale || needsWork ? .needsReview : .untranslated)
        return ImportedUnit(
            key: key, locale: locale, source: source, target: complete ? target : nil, state: state,
            location: location,
            review: review(
                unit, final: least == states.count - 1, needsWork: needsWork, target: complete ? target : nil))
    }

    /// The reviewer's decision a unit records: `final` segments approve the target;
    /// `subState="beckon:needs-work"` asks for changes, with the `reviewer` notes.
    private static func review(_ unit: XMLNode, final: Bool, needsWork: Bool, target: String?) -> StringReview? {
        guard let target, !target.isEmpty, final || needsWork else { return nil }
        let notes =
            unit.element(named: "notes")?.elements(named: "note")
            .filter { $0[attribute: "category"] == HandoffNote.Category.reviewer.rawValue }
            .map { $0.textContent.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty } ?? []
        return StringReview(
            decision: final ? .approved : .needsWork, translationHash: SourceHash.of(target),
            note: notes.isEmpty ? nil : notes.joined(separator: "\n"))
    }
}
