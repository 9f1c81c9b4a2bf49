import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Foundation

/// `xliff12`, `xliff20`, `xcstrings`: a translated hand-off file, as `beckon l10n import FILE` reads it.
///
/// `HandoffImport.plan` recognises the format from the content (`<` for XLIFF 1.2 or 2.x, `{` for a
/// String Catalog), so the three targets run the same code and differ in their seed corpora and the
/// path shown in diagnostics. The raw bytes are passed (the importer drops a byte-order mark and
/// refuses invalid UTF-8 itself).
///
/// The plan edits the fixture catalog's bundles in memory and proves each edit by parsing the
/// result; an edit that fails that proof is reported as `handoff.unsafe-edit`, and when the reason
/// is that the written YAML does not read back as imported, the YAML writer has a bug: that is
/// checked as an invariant. Every bundle a clean plan changes must also parse without errors.
enum HandoffTarget {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>, path: String) {
        let plan = HandoffImport.plan(Array(bytes), path: path, catalog: Fixtures.catalog)
        Trace.note(
            plan.diagnostics,
            "\(plan.format?.rawValue ?? "unrecognised"): \(plan.translationCount) translations, changes "
                + "\(plan.changes.map { "\($0.locale): \($0.keys.map(\.rawValue))" })")
        for diagnostic in plan.diagnostics where diagnostic.rule == HandoffRule.unsafeEdit {
            Invariant.expect(
                !diagnostic.message.contains("would not read back") && !diagnostic.message.contains("would also change"),
                "an imported translation was written as YAML that does not read back: \(diagnostic.message)")
        }
        var sources: [SourceText] = plan.file.map { [$0] } ?? []
        for change in plan.changes {
            let source = SourceText(path: change.path, text: change.newText)
            let (_, diagnostics) = LocaleBundle.parse(source, locale: change.locale)
            Invariant.expect(
                !diagnostics.contains { $0.severity == .error },
                "the import wrote \(change.path) so that it does not parse: \(diagnostics.map(\.message))")
            sources.append(source)
        }
        DiagnosticsOutput.render(plan.diagnostics, sources: sources)
    }
}

/// Writes the fixture catalog's exports, the starting point of the hand-off seed corpora
/// (`beckon-fuzz --write-handoff-seeds DIR`).
enum HandoffSeeds {
    static func write(to folder: URL) {
        let exports: [(String, HandoffFormat, String)] = [
            ("xliff12", .xliff12, "export-de.xlf"), ("xliff20", .xliff20, "export-de.xliff"),
            ("xcstrings", .xcstrings, "export.xcstrings"),
        ]
        for (target, format, name) in exports {
            guard let document = HandoffExport.export(Fixtures.catalog, format: format, locale: Fixtures.germanLocale)
            else { continue }
            let directory = folder.appendingPathComponent(target)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent(name)
            _ = FileManager.default.createFile(atPath: file.path, contents: Data(document.text.utf8))
            print(file.path)
        }
    }
}
