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
    /// Where the problem is written, when that is more precise than the artifact's origin (the
    /// locale string that made a card's title too long, for example).
    public var location: SourceLocation?

    public init(_ message: String, line: Int, fix: String, location: SourceLocation? = nil) {
        self.message = message
        self.line = line
        self.fix = fix
        self.location = location
    }
}

/// A check of one image artifact (a preview card), from its bytes and what its renderer reported.
public protocol ImageRule: Sendable {
    var id: RuleID { get }
    func check(_ artifact: Artifact, context: CheckContext) -> [Finding]
}
