import BeckonDiagnostics
import BeckonHTML

/// Reads an XLIFF document of either version: reports XML that is not well-formed, then hands the
/// root to the reader of its version (by namespace, else by `version`).
enum XLIFFReader {
    static func read(
        _ document: XMLDocument, catalog: Catalog, report: ImportReport
    ) -> (
        HandoffFormat?, [ImportedUnit]
    ) {
        guard document.isWellFormed, let root = document.root else {
            let error = document.errors.first
            report.error(
                HandoffRule.xml, "this is not well-formed XML: \(error?.message ?? "the document is empty")",
                at: report.location(line: error?.line ?? 1, column: error?.column),
                fix: "Fix the XML at this position; a translation tool's export is always well-formed.")
            return (nil, [])
        }
        let version = root[attribute: "version"] ?? ""
        let namespace = root.namespace ?? ""
        // XLIFF 1.1 (what translate-toolkit's po2xliff writes) reads as 1.2 for everything Beckon uses.
        let version1 = [XLIFF12Writer.namespace, "urn:oasis:names:tc:xliff:document:1.1"]
        if root.name == "xliff", version1.contains(namespace) || (namespace.isEmpty && version.hasPrefix("1.")) {
            return (.xliff12, XLIFF12Reader.read(root, catalog: catalog, report: report))
        }
        if root.name == "xliff",
            namespace.hasPrefix("urn:oasis:names:tc:xliff:document:2.")
                || (namespace.isEmpty && version.hasPrefix("2."))
        {
            return (.xliff20, XLIFF20Reader.read(root, catalog: catalog, report: report))
        }
        let what = root.name == "xliff" ? "XLIFF version `\(version)`" : "`<\(root.name)>`"
        report.error(
            HandoffRule.format, "\(what) is not XLIFF 1.2 or 2.x",
            at: report.location(line: root.line, element: root.name),
            fix: "Import an .xlf file written by `beckon l10n export --format xliff12` or `--format xliff20`.")
        return (nil, [])
    }
}
