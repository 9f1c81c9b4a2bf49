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

    public init(_ message: String, line: Int, fix: String) {
        self.message = message
        self.line = line
        self.fix = fix
    }
}
