import BeckonDiagnostics
import BeckonSite
import BeckonURL
import Foundation
import InviteModel

/// What rules measure against: the site's limits, the hosts and schemes its links may use, how to
/// verify invite links, and where settings were written (so findings about a colour or a limit
/// point at beckon.yml).
public struct CheckContext: Sendable {
    public var limits: Limits
    /// Hosts https links may point at, in the form a link's host is compared in: as the URL
    /// Standard serializes it (lower-case, internationalised names in Punycode).
    public var allowedHosts: Set<String>
    /// Deep-link schemes the site declares (its app's, plus the messaging apps').
    public var appSchemes: Set<String>
    /// The site's invite link policy, for recognising invite links.
    public var linkPolicy: LinkPolicy? {
        didSet { invitePathPrefix = linkPolicy?.pathPrefix }
    }
    /// `linkPolicy`'s path before the code, worked out once: every link of every file is
    /// compared with it.
    private(set) var invitePathPrefix: Substring?
    /// Verifies a signed invite link at a moment; returns why it fails, or `nil` when it is valid.
    /// `nil` when no key is available, in which case signatures are not checked.
    public var verifyInviteLink: (@Sendable (String, Date) -> String?)?
    /// The moment each sample invite's links are checked at (its creation), by sample id.
    public var sampleTimes: [String: Date]
    /// Where settings were written in beckon.yml, by dotted path (`theme.dark.link`).
    public var configLocations: [String: SourceLocation]
    /// Word limits set in templates' front matter (`maxWords`), by template path.
    public var wordLimits: [String: Int]
    /// What an email's accept button must link to.
    public var emailAccept: EmailAcceptExpectation?
    /// The site's base URL, for images and links that point back at the output by absolute URL.
    public var siteBaseURL: String?
    /// The page background of each palette (`light`, `dark`), which logos must stand out from.
    public var backgrounds: [String: Color] = [:]
    /// Whether share messages must carry the invite link (`share.requireLink`).
    public var messagesNeedLink = true
    /// Unsigned invite links as written (built without a key), each with a stand-in of its signed
    /// form of the same length: the length checks measure text as it will be once signed.
    public var signedLinkStandIns: [String: String] = [:] {
        didSet { standIns = SignedLinkStandIns(signedLinkStandIns) }
    }
    /// `signedLinkStandIns`, looked up by bytes.
    private var standIns = SignedLinkStandIns([:])

    /// What runs the checks, which decides how fix hints name a setting.
    public var runner: Runner = .build

    /// What runs the checks: a site's build (`build`, `check`, `render`, `preview`), whose settings
    /// are beckon.yml keys, or `beckon lint`, whose settings are its command-line options.
    public enum Runner: Sendable {
        case build, lint
    }

    public init(
        limits: Limits = Limits(), allowedHosts: Set<String> = [], appSchemes: Set<String> = [],
        linkPolicy: LinkPolicy? = nil, verifyInviteLink: (@Sendable (String, Date) -> String?)? = nil,
        sampleTimes: [String: Date] = [:], configLocations: [String: SourceLocation] = [:],
        wordLimits: [String: Int] = [:], emailAccept: EmailAcceptExpectation? = nil, siteBaseURL: String? = nil
    ) {
        self.limits = limits
        self.allowedHosts = Set(allowedHosts.map(Self.comparableHost))
        self.appSchemes = appSchemes
        self.linkPolicy = linkPolicy
        self.invitePathPrefix = linkPolicy?.pathPrefix
        self.verifyInviteLink = verifyInviteLink
        self.sampleTimes = sampleTimes
        self.configLocations = configLocations
        self.wordLimits = wordLimits
        self.emailAccept = emailAccept
        self.siteBaseURL = siteBaseURL
    }

    /// A host as a link's host is compared: `Granö.FI` is `xn--gran-8qa.fi`, as a browser reads it.
    /// A host a browser would refuse is only lower-cased.
    public static func comparableHost(_ host: String) -> String {
        guard case .success(let url) = URLParser.parse("https://" + host + "/"), let parsed = url.host?.serialized,
            !host.contains("/")
        else { return host.lowercased() }
        return parsed
    }

    /// `text` with every unsigned invite link in it replaced by its signed-length stand-in, for
    /// measuring; `text` itself when the links are signed.
    public func measuredAsSigned(_ text: String) -> String {
        standIns.measured(text)
    }

    /// Schemes every site may link with: messaging apps whose deep links Beckon writes.
    public static let messagingSchemes: Set<String> = ["whatsapp", "instagram"]
}
