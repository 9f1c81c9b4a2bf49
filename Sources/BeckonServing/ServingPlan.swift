import BeckonRender
import BeckonSite

/// What a host must do to serve a build's output as its manifest says, independent of any host's
/// syntax: which pages answer with another status than 200, which files need their content type
/// named, where `/` sends a visitor by language, and which invite links a static host answers
/// with the landing page.
public struct ServingPlan: Sendable, Hashable {
    /// A page served with a status other than 200 (a gone page: 410), as its folder and file.
    public struct StatusPage: Sendable, Hashable {
        /// `/en-US/gone/`.
        public var folder: String
        /// `/en-US/gone/index.html`.
        public var file: String
        public var status: Int
    }

    /// A locale a visitor's first `Accept-Language` language selects.
    public struct LanguageChoice: Sendable, Hashable {
        /// The primary language subtag, lowercased (`de`).
        public var language: String
        /// The locale its pages are in (`de-DE`).
        public var locale: String
    }

    /// A file and the content type it must be served with.
    public struct TypedFile: Sendable, Hashable {
        public var path: String
        public var contentType: String
    }

    public var statusPages: [StatusPage]
    /// Files whose content type a server cannot infer from their name, having no extension (the
    /// association file).
    public var contentTypes: [TypedFile]
    /// The `.eml` messages, which servers without a pattern rule for them (Netlify) must name one
    /// by one to send as `message/rfc822`.
    public var messages: [String]
    /// The languages with their own pages, in preference order; the default locale's comes first.
    public var languages: [LanguageChoice]
    /// The locale for a visitor whose languages match none.
    public var defaultLocale: String
    /// The folder `/` redirects to (`invite` when the site has landing pages), or `nil`.
    public var entryFolder: String?
    /// The invite link's path on this host, to answer with the landing page (`/invite/` for
    /// `/invite/{code}`, `/invite` for `/invite?code=`), or `nil` when links live on another host.
    public var invitePath: String?
    /// Whether `invitePath` is a prefix (path form) or an exact path (query form).
    public var invitePathIsPrefix: Bool

    /// The plan for `artifacts`, the files a build writes (the manifest's entries).
    public init(config: SiteConfig, locales: [LocaleID], artifacts: [Artifact]) {
        let sorted = artifacts.sorted { $0.path < $1.path }
        statusPages = sorted.compactMap { artifact in
            guard artifact.status != 200, artifact.kind.isInvitePage, artifact.path.hasSuffix("/index.html") else {
                return nil
            }
            let folder = "/" + artifact.path.dropLast("index.html".count)
            return StatusPage(folder: String(folder), file: "/" + artifact.path, status: artifact.status)
        }
        contentTypes = sorted.compactMap { artifact in
            guard !(artifact.path.split(separator: "/").last ?? "").contains(".") else { return nil }
            return TypedFile(path: "/" + artifact.path, contentType: artifact.contentType)
        }
        messages = sorted.filter { $0.path.hasSuffix(".eml") }.map { "/" + $0.path }
        let defaultLocale = config.locales.defaultLocale
        self.defaultLocale = defaultLocale.rawValue
        var languages: [LanguageChoice] = []
        for locale in [defaultLocale] + locales.filter({ $0 != defaultLocale }) {
            let language = String(locale.rawValue.split(separator: "-").first ?? "").lowercased()
            guard !languages.contains(where: { $0.language == language }) else { continue }
            languages.append(LanguageChoice(language: language, locale: locale.rawValue))
        }
        self.languages = languages
        let hasLanding = artifacts.contains { $0.kind == .landing && $0.sample == nil }
        entryFolder = hasLanding ? "invite" : nil
        let links = config.links
        if hasLanding, links.host == config.app.baseURL.host.lowercased() {
            switch links.form {
            case .path:
                let prefix = String(links.pathPrefix)
                invitePath = prefix.hasSuffix("/") ? prefix : prefix + "/"
                invitePathIsPrefix = true
            case .query:
                invitePath = links.path
                invitePathIsPrefix = false
            }
        } else {
            invitePath = nil
            invitePathIsPrefix = false
        }
    }

    /// The landing page of a locale, as a file path.
    func landing(_ locale: String) -> String { "/\(locale)/\(entryFolder ?? "invite")/index.html" }

    /// The other languages than the default one's, which need a rule each.
    var otherLanguages: [LanguageChoice] { languages.filter { $0.locale != defaultLocale } }
}
