import Foundation

/// Prints `{"diagnostics":[{"file","line","column","severity","rule","message","fix"}],
/// "summary":{"errors","warnings"}}`; `locale`, `sample`, `notes`, the output file and line a
/// finding was made in (`artifact`, `artifactLine`) and, for a finding made in several locales,
/// samples or files, every one of them (`occurrences`) are added when present.
struct JSONPrinter {
    private struct Document: Encodable {
        var diagnostics: [Entry]
        var summary: Summary
    }

    private struct Summary: Encodable {
        var errors: Int
        var warnings: Int
        /// Errors counted once per locale, sample and file they were made in.
        var errorOccurrences: Int
    }

    private struct Entry: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var severity: String
        var rule: String
        var message: String
        var fix: String?
        var locale: String?
        var sample: String?
        var notes: [String]?
        var artifact: String?
        var artifactLine: Int?
        var detail: String?
        var occurrences: [Occurrence]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(severity, forKey: .severity)
            try container.encode(rule, forKey: .rule)
            try container.encode(message, forKey: .message)
            try container.encode(fix, forKey: .fix)
            try container.encodeIfPresent(locale, forKey: .locale)
            try container.encodeIfPresent(sample, forKey: .sample)
            try container.encodeIfPresent(notes, forKey: .notes)
            try container.encodeIfPresent(artifact, forKey: .artifact)
            try container.encodeIfPresent(artifactLine, forKey: .artifactLine)
            try container.encodeIfPresent(detail, forKey: .detail)
            try container.encodeIfPresent(occurrences, forKey: .occurrences)
        }

        enum CodingKeys: String, CodingKey {
            case file, line, column, severity, rule, message, fix, locale, sample, notes, artifact, artifactLine,
                detail, occurrences
        }
    }

    func render(_ report: DiagnosticReport) -> String {
        let entries = report.diagnostics.map { diagnostic in
            Entry(
                file: diagnostic.location?.file, line: diagnostic.location?.line,
                column: diagnostic.location?.column, severity: diagnostic.severity.rawValue,
                rule: diagnostic.rule.rawValue, message: diagnostic.message, fix: diagnostic.fix,
                locale: diagnostic.locale, sample: diagnostic.sample,
                notes: diagnostic.notes.isEmpty ? nil : diagnostic.notes, artifact: diagnostic.artifact,
                artifactLine: diagnostic.artifactLine, detail: diagnostic.detail,
                occurrences: diagnostic.occurrences.isEmpty ? nil : diagnostic.occurrences)
        }
        let document = Document(
            diagnostics: entries,
            summary: Summary(
                errors: report.errorCount, warnings: report.warningCount,
                errorOccurrences: report.errorOccurrenceCount))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
