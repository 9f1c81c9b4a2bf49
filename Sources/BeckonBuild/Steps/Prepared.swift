import BeckonChecks
import BeckonDiagnostics
import BeckonEmail
import BeckonMessages
import BeckonWeb

/// What rendering and checking need once the site is loaded: the renderers, the sample invites'
/// links, the card set and the checker with its severity overrides.
struct Prepared: Sendable {
    var pages: PageRenderer
    var emails: EmailRenderer
    var messages: ShareMessageRenderer
    var cards: CardSet?
    var sampleLinks: [String: String]
    var checker: Checker
    var overrides: [RuleID: Severity?]
    /// Whether the checker requests external links (results then depend on the network, so site
    /// checks are never reused).
    var online: Bool
}
