import BeckonDiagnostics
import BeckonRender
import BeckonSite

/// A check of one HTML page. Each rule lives in its own file with its messages beside it.
public protocol PageRule: Sendable {
    /// The rule's id, such as `doc.lang`.
    var id: RuleID { get }
    /// Findings for one page.
    func check(_ page: CheckedPage, context: CheckContext) -> [Finding]
}

/// A check of one plain-text artifact (a share message).
public protocol TextRule: Sendable {
    var id: RuleID { get }
    /// Findings for one text artifact, whose written bytes are `text`.
    func check(_ artifact: Artifact, text: String, context: CheckContext) -> [Finding]
}

/// A problem a rule found in a page, before it is placed at a source location.
public struct Finding: Sendable, Hashable {
    public var message: String
    /// The line in the written artifact.
    public var line: Int
    public var fix: String
    /// Where the problem is written, when the rule knows better than the bytes' origins (the
    /// locale string that made a card's title too long, the theme colour of a button).
    public var location: SourceLocation?
    /// The text on `line` the finding concerns (a URL, an attribute value), whose origin places it.
    public var needle: String?
    /// What was measured, when it varies between the artifacts a finding is made in; findings
    /// that differ only in it are reported once.
    public var detail: String?

    public init(_ message: String, line: Int, fix: String, location: SourceLocation? = nil, needle: String? = nil) {
        self.message = message
        self.line = line
        self.fix = fix
        self.location = location
        self.needle = needle
    }
}

/// A check of one image artifact (a preview card), from its bytes and what its renderer reported.
public protocol ImageRule: Sendable {
    var id: RuleID { get }
    func check(_ artifact: Artifact, context: CheckContext) -> [Finding]
}
