import BeckonRender
import BeckonSite
import Foundation

/// What a host must do to serve a build's output as its manifest says, independent of any host's
/// syntax: which pages answer with another status than 200, which files need their content type
/// named, where `/` sends a visitor by language, and which invite links a static host answers
/// with the landing page.
///
/// Paths here are as a server matches them: percent-decoded (`/café`, not `/caf%C3%A9`). Each
/// host's rules quote or encode them for its own grammar; a name none can hold safely is left out
/// and listed in `refusals`.
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
    /// What `beckon serve` answers on this host from its store (`ServerRoutes`: invite links on
    /// the site's host, accept links, the beacon, the API), with paths percent-decoded: the
    /// `beckon-serve` rules pass these on to the server.
    public var serverRoutes: [ServerRoutes.Route]
    /// The files and settings left out of every rule, each a build error.
    public var refusals: [ServingRefusal]

    /// The plan for `artifacts`, the files a build writes (the manifest's entries).
    public init(config: SiteConfig, locales: [LocaleID], artifacts: [Artifact]) {
        var refusals: [ServingRefusal] = []
        let sorted = artifacts.sorted { $0.path < $1.path }.filter { artifact in
            guard let refusal = Self.refusal(artifact) else { return true }
            refusals.append(refusal)
            return false
        }
        statusPages = sorted.compactMap { artifact in
            guard artifact.status != 200, artifact.kind.isInvitePage, artifact.path.hasSuffix("/index.html") else {
                return nil
            }
            let folder = "/" + artifact.path.dropLast("index.html".count)
            return StatusPage(folder: String(folder), file: "/" + artifact.path, status: artifact.status)
        }
        contentTypes = sorted.compactMap { artifact in
            guard Self.namesItsType(artifact.path) else { return nil }
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
        let hasLanding = sorted.contains { $0.kind == .landing && $0.sample == nil }
        entryFolder = hasLanding ? "invite" : nil
        let links = config.links
        invitePath = nil
        invitePathIsPrefix = false
        if hasLanding, links.host == config.app.baseURL.host.lowercased() {
            let written: String
            switch links.form {
            case .path:
                let prefix = String(links.pathPrefix)
                written = prefix.hasSuffix("/") ? prefix : prefix + "/"
                invitePathIsPrefix = true
            case .query:
                written = links.path
            }
            do {
                invitePath = try Self.decoded(written, key: "links.path", written: links.path)
            } catch {
                refusals.append(error)
            }
        }
        let siteHost = config.app.baseURL.host.lowercased()
        var serverRoutes: [ServerRoutes.Route] = []
        for route in ServerRoutes(config).routes {
            // The rules are for the site's host: links on another host are that host's.
            if route.purpose == .inviteLinks, config.links.host != siteHost { continue }
            do {
                let path = try Self.decoded(
                    route.match.path, key: route.setting, encoded: route.purpose == .inviteLinks)
                var decoded = route
                decoded.match = route.match.replacingPath(path)
                serverRoutes.append(decoded)
            } catch {
                refusals.append(error)
            }
        }
        self.serverRoutes = serverRoutes
        // `links.path` refused for the static rules and the server's alike: said once.
        self.refusals = refusals.reduce(into: []) { kept, refusal in
            if !kept.contains(refusal) { kept.append(refusal) }
        }
    }

    /// Whether the rules name the content type of the file at `path`: it has no extension.
    private static func namesItsType(_ path: String) -> Bool {
        !(path.split(separator: "/").last ?? "").contains(".")
    }

    /// Why `artifact` cannot be named in any host's rules, or `nil` when it can.
    private static func refusal(_ artifact: Artifact) -> ServingRefusal? {
        let source = artifact.template ?? "static/\(artifact.path)"
        let subject = ServingRefusal.Subject.file(path: artifact.path, source: source)
        if let control = ServingName.controlCharacter(in: artifact.path) {
            // The name cannot be printed where a location goes: the finding points at the
            // nearest folder that can, and its message shows the name with the character spelled.
            return ServingRefusal(
                subject: .file(path: artifact.path, source: ServingName.printableFolder(of: source)),
                reason:
                    "its name holds a control character (\(ServingName.codePoint(control))), which no host serves as named",
                fix: "Rename the file without newlines, tabs or other control characters.")
        }
        if namesItsType(artifact.path), !ServingName.isSafeContentType(artifact.contentType) {
            return ServingRefusal(
                subject: subject,
                reason: "its content type `\(ServingName.visible(artifact.contentType))` cannot be quoted",
                fix: "Give the file an extension Beckon knows (docs/site-format.md).")
        }
        // A page served with another status is rewritten to, and nginx and Caddy expand `$` and
        // `{…}` in a rewrite target: its path must need no quoting.
        if artifact.status != 200, artifact.kind.isInvitePage, !ServingName.isPlain(artifact.path) {
            return ServingRefusal(
                subject: subject, reason: "a page answered with \(artifact.status) must have a plain path",
                fix: "Name locales and samples with letters, digits and hyphens.")
        }
        return nil
    }

    /// A path as a server matches it, from the setting `key` (written as `written`): decoded
    /// when `encoded` (`links.path` is written percent-encoded; a URL setting's path is decoded
    /// already); refused when it does not decode or holds a control character.
    private static func decoded(
        _ path: String, key: String, written: String? = nil, encoded: Bool = true
    ) throws(ServingRefusal) -> String {
        let subject = ServingRefusal.Subject.setting(key: key, path: written ?? path)
        guard let decoded = encoded ? path.removingPercentEncoding : path else {
            throw ServingRefusal(
                subject: subject, reason: "a `%` that does not start an escape of UTF-8 (`%20`, `%C3%A9`)",
                fix: "Write `%25` for a literal `%`, or remove it.")
        }
        if let control = ServingName.controlCharacter(in: decoded) {
            throw ServingRefusal(
                subject: subject, reason: "it decodes to a control character (\(ServingName.codePoint(control)))",
                fix: "Remove the escaped control character from the path.")
        }
        return decoded
    }

    /// The landing page of a locale, as a file path.
    func landing(_ locale: String) -> String { "/\(locale)/\(entryFolder ?? "invite")/index.html" }

    /// The other languages than the default one's, which need a rule each.
    var otherLanguages: [LanguageChoice] { languages.filter { $0.locale != defaultLocale } }
}
