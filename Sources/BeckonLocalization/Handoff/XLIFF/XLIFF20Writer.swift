/// Writes XLIFF 2.0: `srcLang` and `trgLang` on the root, one `<unit>` per key with one segment.
///
/// Segment states: `initial` without a target when there is no translation; `initial` with
/// `subState="beckon:stale"` and a `review` note for a stale translation, so translation tools list
/// it as work to do; the same with `subState="beckon:needs-work"` when a reviewer asked for changes;
/// `final` when a reviewer approved the translation; `translated` otherwise. Notes carry
/// `category="description|limit|usage|review|reviewer"`. `maxChars` becomes the Size and Length Restriction
/// module's `slr:sizeRestriction`, counted in code points. A character XML 1.0 cannot hold is
/// written as `<cp hex="…"/>`, as the specification provides.
enum XLIFF20Writer {
    /// The XLIFF 2.0 namespace.
    static let namespace = "urn:oasis:names:tc:xliff:document:2.0"
    /// The Size and Length Restriction module's namespace.
    static let sizeRestrictionNamespace = "urn:oasis:names:tc:xliff:sizerestriction:2.0"
    /// The `subState` of a stale translation.
    static let staleSubState = "beckon:stale"
    /// The `subState` of a translation a reviewer asked to change.
    static let needsWorkSubState = "beckon:needs-work"

    /// The document.
    /// - Parameters:
    ///   - units: The strings, in source order.
    ///   - source: The source locale and its bundle's path (`original`).
    ///   - target: The target locale.
    static func write(_ units: [HandoffUnit], source: (locale: String, path: String), target: String) -> String {
        var xml = XMLWriter()
        xml.invalidCharacter = { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<cp hex=\"\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)\"/>"
        }
        let limited = units.contains { $0.source.maxChars != nil }
        xml.open(
            "xliff",
            [
                ("xmlns", namespace), ("xmlns:slr", limited ? sizeRestrictionNamespace : nil), ("version", "2.0"),
                ("srcLang", source.locale), ("trgLang", target),
            ])
        xml.open("file", [("id", "f1"), ("original", source.path)])
        if limited { xml.element("slr:profiles", [("generalProfile", "xliff:codepoints")], text: nil) }
        for unit in units {
            xml.open(
                "unit",
                [
                    ("id", unit.key.rawValue), ("name", unit.key.rawValue),
                    ("slr:sizeRestriction", unit.source.maxChars.map(String.init)),
                ])
            if !unit.notes.isEmpty {
                xml.open("notes")
                for note in unit.notes {
                    xml.element("note", [("category", note.category.rawValue)], text: note.text)
                }
                xml.close("notes")
            }
            xml.open(
                "segment",
                [
                    ("state", state(unit)),
                    ("subState", subState(unit)),
                ])
            xml.element("source", [("xml:space", "preserve")], text: unit.source.text, inline: true)
            if let translation = unit.target {
                xml.element("target", [("xml:space", "preserve")], text: translation.text, inline: true)
            }
            xml.close("segment")
            xml.close("unit")
        }
        xml.close("file")
        xml.close("xliff")
        return xml.output
    }

    private static func state(_ unit: HandoffUnit) -> String {
        switch (unit.state, unit.review?.decision) {
        case (.translated, .approved): "final"
        case (.translated, nil): "translated"
        default: "initial"
        }
    }

    private static func subState(_ unit: HandoffUnit) -> String? {
        if unit.state == .stale { return staleSubState }
        return unit.state == .translated && unit.review?.decision == .needsWork ? needsWorkSubState : nil
    }
}
