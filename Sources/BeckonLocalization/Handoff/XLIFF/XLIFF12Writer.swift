/// Writes XLIFF 1.2: one `<file>` from the source locale to one target locale.
///
/// States go on `<target>`: `new` (no translation; an empty target), `needs-review-translation`
/// (stale, or a reviewer asked for changes), `translated`, `final` (a reviewer approved it); a
/// current translation nobody asked to change is also `approved="yes"`, so PO converters do not
/// mark it fuzzy. A reviewer's note is `<note from="reviewer">`. `maxChars` becomes `maxwidth` with `size-unit="char"`; the description, limits,
/// usage and review requests become `<note from="developer">` (the sender PO tools carry as `#.`
/// comments), and the key is also the unit's location (`sourcefile`), which PO keeps as `#: KEY`
/// and which tells apart units with the same source text.
enum XLIFF12Writer {
    /// The XLIFF 1.2 namespace.
    static let namespace = "urn:oasis:names:tc:xliff:document:1.2"

    /// The document.
    /// - Parameters:
    ///   - units: The strings, in source order.
    ///   - source: The source locale and its bundle's path (`original`).
    ///   - target: The target locale.
    static func write(_ units: [HandoffUnit], source: (locale: String, path: String), target: String) -> String {
        var xml = XMLWriter()
        xml.open("xliff", [("xmlns", namespace), ("version", "1.2")])
        xml.open(
            "file",
            [
                ("original", source.path), ("source-language", source.locale), ("target-language", target),
                ("datatype", "plaintext"), ("tool-id", "beckon"),
            ])
        xml.open("header")
        xml.element("tool", [("tool-id", "beckon"), ("tool-name", "Beckon")], text: nil)
        xml.close("header")
        xml.open("body")
        for unit in units {
            xml.open(
                "trans-unit",
                [
                    ("id", unit.key.rawValue), ("resname", unit.key.rawValue), ("xml:space", "preserve"),
                    ("approved", unit.state == .translated && unit.review?.decision != .needsWork ? "yes" : nil),
                    ("maxwidth", unit.source.maxChars.map(String.init)),
                    ("size-unit", unit.source.maxChars == nil ? nil : "char"),
                ])
            xml.element("source", text: unit.source.text)
            xml.element("target", [("state", state(unit))], text: unit.target?.text ?? "")
            for note in unit.notes {
                xml.element("note", [("from", note.category == .reviewer ? "reviewer" : "developer")], text: note.text)
            }
            xml.open("context-group", [("purpose", "location")])
            xml.element("context", [("context-type", "sourcefile")], text: unit.key.rawValue)
            xml.close("context-group")
            xml.close("trans-unit")
        }
        xml.close("body")
        xml.close("file")
        xml.close("xliff")
        return xml.output
    }

    private static func state(_ unit: HandoffUnit) -> String {
        switch (unit.state, unit.review?.decision) {
        case (.new, _): "new"
        case (.stale, _), (.translated, .needsWork): "needs-review-translation"
        case (.translated, .approved): "final"
        case (.translated, nil): "translated"
        }
    }
}
