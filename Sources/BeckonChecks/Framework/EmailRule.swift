import BeckonDiagnostics
import BeckonRender

/// The files of one email as the checks see them: the HTML part (parsed), the text part and the
/// MIME message (read back), by the path they share without extension.
public struct EmailFiles: Sendable {
    public var base: String
    public var html: Artifact?
    public var page: CheckedPage?
    public var text: Artifact?
    public var message: Artifact?
    public var messageFacts: ArtifactFacts.MessageFacts?
}

/// A rule over each email's files together (its parts against each other). Its findings for one
/// email depend on that email's files and, at most, on the sizes of the site's static assets, so a
/// build that keeps results checks again only emails that changed.
public protocol EmailRule: SiteRule {
    func check(_ email: EmailFiles, site: CheckedSite, context: CheckContext) -> [Diagnostic]
}

extension EmailRule {
    public var role: SiteRuleRole { .email(self) }

    public func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        site.emails.flatMap { check($0, site: site, context: context) }
    }
}
