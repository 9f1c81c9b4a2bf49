import BeckonDiagnostics
import BeckonHTML
import BeckonSite

/// Reads the translations of an XLIFF 1.2 (or 1.1) document: every `<trans-unit>` of every
/// `<file>`, keyed by `resname`, else by the key in its location context (which survives a trip
/// through PO as `#: KEY`), else by `id`. A PO header unit is skipped.
enum XLIFF12Reader {
    static func read(_ root: XMLNode, catalog: Catalog, report: ImportReport) -> [ImportedUnit] {
        let files = root.elements(named: "file")
        if files.isEmpty {
            report.error(
                HandoffRule.xml, "the XLIFF document has no `<file>`",
                at: report.location(line: root.line, element: root.name),
                fix: "Import the file `beckon l10n export` wrote, translated.")
        }
        var units: [ImportedUnit] = []
        for file in files {
            let fileLocation = report.location(line: file.line, element: "file")
            guard
                HandoffLocales.checkSource(
                    file[attribute: "source-language"], at: fileLocation, catalog: catalog, report: report),
                let locale = HandoffLocales.target(
                    file[attribute: "target-language"], at: fileLocation, catalog: catalog, report: report)
            else { continue }
            for unit in file.descendants(named: "trans-unit")
            where unit[attribute: "translate"] != "no" && unit[attribute: "restype"] != "x-gettext-domain-header" {
                if let imported = read(unit, locale: locale, report: report) { units.append(imported) }
            }
        }
        return units
    }

    private static func read(_ unit: XMLNode, locale: LocaleID, report: ImportReport) -> ImportedUnit? {
        let location = report.location(line: unit.line, element: "trans-unit")
        guard let key = unit[attribute: "resname"] ?? locationKey(unit) ?? unit[attribute: "id"], !key.isEmpty else {
            report.error(
                HandoffRule.xml, "a `<trans-unit>` has no `id`", at: location,
                fix: "Give every unit the `id` the export wrote.", locale: locale)
            return nil
        }
        let source = unit.element(named: "source").map(XLIFFText.init)
        let targetNode = unit.element(named: "target")
        let target = targetNode.map(XLIFFText.init)
        if let entity = (source?.entities ?? []).first ?? target?.entities.first {
            report.error(
                HandoffRule.xml, "`\(key)` uses the entity `&\(entity);`, which Beckon never expands", at: location,
                fix: "Write the text itself instead of an entity reference.", locale: locale)
            return nil
        }
        return ImportedUnit(
            key: key, locale: locale, source: source?.text, target: target?.text,
            state: state(
                targetNode?[attribute: "state"], approved: unit[attribute: "approved"] == "yes",
                hasTarget: target?.text.isEmpty == false),
            location: location, review: review(unit, state: targetNode?[attribute: "state"], target: target?.text))
    }

    /// The reviewer's decision a unit records: `final` or `signed-off` approve the target; a
    /// `needs-review-…` state with a `<note from="reviewer">` asks for changes.
    static func review(_ unit: XMLNode, state: String?, target: String?) -> StringReview? {
        guard let target, !target.isEmpty else { return nil }
        let notes = unit.elements(named: "note").filter { $0[attribute: "from"] == "reviewer" }
            .map { $0.textContent.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let note = notes.isEmpty ? nil : notes.joined(separator: "\n")
        switch state {
        case "final", "signed-off":
            return StringReview(decision: .approved, translationHash: SourceHash.of(target), note: note)
        case let state? where state.hasPrefix("needs-review") && note != nil:
            return StringReview(decision: .needsWork, translationHash: SourceHash.of(target), note: note)
        default:
            return nil
        }
    }

    /// The key a unit's `<context-group purpose="location">` names as its `sourcefile`.
    static func locationKey(_ unit: XMLNode) -> String? {
        for group in unit.elements(named: "context-group") where group[attribute: "purpose"] == "location" {
            for context in group.elements(named: "context") where context[attribute: "context-type"] == "sourcefile" {
                let text = context.textContent.trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { return text }
            }
        }
        return nil
    }

    /// The common state of an XLIFF 1.2 `state` (and `approved`); a target without a state is
    /// taken as translated.
    static func state(_ state: String?, approved: Bool, hasTarget: Bool) -> ImportedUnit.State {
        if approved { return .translated }
        switch state {
        case "translated", "signed-off", "final": return .translated
        case "new", "needs-translation": return .untranslated
        case nil: return hasTarget ? .translated : .untranslated
        default: return .needsReview
        }
    }
}
