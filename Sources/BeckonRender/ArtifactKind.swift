import BeckonSite

/// What an output file is, as recorded in `manifest.json`.
public enum ArtifactKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case landing
    case expired
    case gone
    case android
    /// The page for someone who already has the app (seed 000 E7).
    case accepted
    /// `.well-known/apple-app-site-association`.
    case aasa
    /// `.well-known/assetlinks.json`.
    case assetlinks
    /// A file copied from `static/`.
    case asset
    /// A pre-composed share message (`messages/LOCALE/CONTEXT.CHANNEL.txt`).
    case shareMessage = "share-message"
    /// An Open Graph preview card (`cards/LOCALE/….png`).
    case ogCard = "og-card"
    /// An email's HTML part (`emails/LOCALE/SAMPLE/NAME.html`).
    case emailHTML = "email-html"
    /// An email's plain-text part (`….txt`).
    case emailText = "email-text"
    /// An email as a complete MIME message (`….eml`).
    case emailMIME = "email-mime"
    /// An email's subject, preheader and parts as JSON for an email service provider (`….json`).
    case emailSidecar = "email-sidecar"
    /// The localization reviewer page (`review/index.html`).
    case review
    /// An HTML file checked by `beckon lint`, which Beckon did not build.
    case document
    /// A host's configuration (`_headers`, `_redirects`, `_serving/nginx.conf`, `_serving/Caddyfile`),
    /// read by the host and never served.
    case servingRules = "serving-rules"

    /// Whether the artifact is one of a site's invite pages.
    public var isInvitePage: Bool { [.landing, .expired, .gone, .android, .accepted].contains(self) }

    public static func < (lhs: ArtifactKind, rhs: ArtifactKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
