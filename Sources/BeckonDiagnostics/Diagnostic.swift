/// One finding: what is wrong, where, under which rule, and how to fix it.
public struct Diagnostic: Hashable, Sendable {
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

/// A diagnostic can be thrown where one problem ends a step (a file that cannot be read).
extension Diagnostic: Error {}
