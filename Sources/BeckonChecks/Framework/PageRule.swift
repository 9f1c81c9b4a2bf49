import BeckonDiagnostics

/// A check of one HTML page. Each rule lives in its own file with its messages beside it.
public protocol PageRule: Sendable {
    /// The rule's id, such as `doc.lang`.
    var id: RuleID { get }
    /// Findings for one page; `finding(_:_:line:fix:)` builds them.
    func check(_ page: CheckedPage) -> [Finding]
}

/// A problem a rule found in a page, before it is placed at a source location.
public struct Finding: Sendable, Hashable {
    public var message: String
    /// The line in the written page.
    public var line: Int
    public var fix: String

    public init(_ message: String, line: Int, fix: String) {
        self.message = message
        self.line = line
        self.fix = fix
    }
}
