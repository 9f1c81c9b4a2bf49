/// One finding: what is wrong, where, under which rule, and how to fix it.
public struct Diagnostic: Hashable, Sendable, Codable {
    public var rule: RuleID
    public var severity: Severity
    public var message: String
    /// Where the problem is; `nil` only for problems with no file (a missing site folder).
    public var location: SourceLocation?
    /// What the user can do about it, phrased as an instruction.
    public var fix: String?
    /// Extra lines of explanation, printed under the message.
    public var notes: [String]
    /// The locale the finding was made in, when it depends on one.
    public var locale: String?
    /// The sample invite the finding was made with, when it depends on one.
    public var sample: String?
    /// For findings on rendered output: the output file and line where it was made.
    public var artifact: String?
    public var artifactLine: Int?
    /// What was measured in this occurrence when it varies between the occurrences of one finding
    /// (a ratio, a count); it does not keep findings apart.
    public var detail: String?
    /// Every place the same finding was made, when it was made in more than one (see
    /// `DiagnosticReport.finalized`); empty for a finding made once.
    public var occurrences: [Occurrence] = []

    public init(
        _ severity: Severity,
        _ rule: RuleID,
        _ message: String,
        at location: SourceLocation?,
        fix: String? = nil,
        notes: [String] = [],
        locale: String? = nil,
        sample: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.fix = fix
        self.notes = notes
        self.locale = locale
        self.sample = sample
    }

    /// An error diagnostic.
    public static func error(
        _ rule: RuleID, _ message: String, at location: SourceLocation?, fix: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, rule, message, at: location, fix: fix)
    }

    /// A warning diagnostic.
    public static func warning(
        _ rule: RuleID, _ message: String, at location: SourceLocation?, fix: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, rule, message, at: location, fix: fix)
    }
}

extension Diagnostic {
    /// Where this finding was made, as one occurrence.
    public var occurrence: Occurrence {
        Occurrence(locale: locale, sample: sample, artifact: artifact, line: artifactLine, detail: detail)
    }

    /// Every occurrence: the grouped ones, or this diagnostic's own.
    public var allOccurrences: [Occurrence] { occurrences.isEmpty ? [occurrence] : occurrences }

    /// "in de-DE/invite/index.html, line 40 (and 19 more)", for printers; `nil` when the finding
    /// was not made on output.
    public var artifactNote: String? {
        let all = allOccurrences.filter { $0.artifact != nil }
        guard let first = all.first, let path = first.artifact else { return detail }
        let line = first.line.map { ", line \($0)" } ?? ""
        let detail = first.detail.map { ": \($0)" } ?? ""
        let more = all.count > 1 ? " (and \(all.count - 1) more)" : ""
        return "in \(path)\(line)\(detail)\(more)"
    }
}

/// A diagnostic can be thrown where one problem ends a step (a file that cannot be read).
extension Diagnostic: Error {}
