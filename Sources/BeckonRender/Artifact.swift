import BeckonDiagnostics
import BeckonProvenance
import BeckonSite

/// What an output file is, as recorded in `manifest.json`.
public enum ArtifactKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case landing
    case expired
    case gone
    case android
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

    /// Whether the artifact is one of a site's invite pages.
    public var isInvitePage: Bool { [.landing, .expired, .gone, .android].contains(self) }

    public static func < (lhs: ArtifactKind, rhs: ArtifactKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One rendered output file, in memory until the build writes it.
public struct Artifact: Sendable, Hashable {
    /// Path below the output folder, with `/` separators.
    public var path: String
    public var kind: ArtifactKind
    public var locale: LocaleID?
    /// The template it was rendered from, as a site path.
    public var template: String?
    /// The invite context (`generic`, `achievement`, …) it was rendered for.
    public var context: String?
    /// The sample invite it was rendered with, if any.
    public var sample: String?
    /// The HTTP status a server must answer with when serving it.
    public var status: Int
    public var contentType: String
    public var bytes: [UInt8]
    /// The deep link that opens the channel's app with this message, for share messages.
    public var deepLink: String?
    /// Where the artifact's content comes from (a template, a locale string), for findings.
    public var origin: SourceLocation?
    /// For a card: what the renderer knows that the PNG bytes do not say.
    public var card: CardFacts?
    /// Which byte ranges came from which template line, locale string or setting.
    public var provenance: ProvenanceMap?

    public init(
        path: String, kind: ArtifactKind, locale: LocaleID? = nil, template: String? = nil, context: String? = nil,
        sample: String? = nil, status: Int = 200, contentType: String, bytes: [UInt8], deepLink: String? = nil,
        origin: SourceLocation? = nil, provenance: ProvenanceMap? = nil
    ) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.template = template
        self.context = context
        self.sample = sample
        self.status = status
        self.contentType = contentType
        self.bytes = bytes
        self.deepLink = deepLink
        self.origin = origin ?? template.map { SourceLocation(file: $0) }
        self.provenance = provenance
    }
}
