import BeckonInvitePages
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonStore
import BeckonWeb
import Foundation
import InviteModel
import NIOCore

/// A built site as `beckon serve` answers it: every artifact by its URL path, and the page each
/// link resolution shows in each locale.
public struct ServedSite: Sendable {
    /// The files, by output path (`en-US/invite/index.html`), as `beckon build` writes them.
    public let files: [String: Artifact]
    public let config: SiteConfig
    /// The locales with pages, the default first.
    public var locales: [LocaleID] { localeChoices.locales }
    /// The locale for each `Accept-Language` header.
    private let localeChoices: LocaleChoices
    /// Each file's bytes as a response body, made once (a body is shared, not copied, per answer).
    let bodies: [String: ByteBuffer]
    /// Each image's `ETag`, made once: the built cards an invite's card falls back to.
    let tags: [String: String]
    /// Each invite page's Content-Security-Policy (its inline scripts' hashes), made once.
    let policies: [String: String]
    /// The string a sender over the daily limit is told (`beckon serve --rate-limit-message`),
    /// read in the request's language through `message(_:in:)`; `nil` when the site has none.
    public var rateLimitKey: String?
    /// The site's pages for stored invites, rendered when a link is opened; without them every
    /// invite gets the built page.
    public var invitePages: InvitePages?

    public init(config: SiteConfig, artifacts: [Artifact]) {
        self.config = config
        var files: [String: Artifact] = [:]
        for artifact in artifacts where artifact.kind != .servingRules {
            files[artifact.path] = files[artifact.path] ?? artifact
        }
        self.files = files
        routes = ServerRoutes(config)
        bodies = files.mapValues { ByteBuffer(bytes: $0.bytes) }
        tags = bodies.filter { files[$0.key]?.contentType.hasPrefix("image/") == true }.mapValues(Self.tag)
        let beacon = config.analytics?.endpoint
        policies = files.filter { $0.value.kind.isInvitePage }.mapValues {
            InvitePagePolicy.header(for: $0.bytes, beacon: beacon, waitlist: config.app.androidWaitlistURL)
        }
        let defaultLocale = config.locales.defaultLocale
        let withPages = Set(artifacts.filter { $0.kind.isInvitePage && $0.sample == nil }.compactMap(\.locale))
        localeChoices = LocaleChoices(
            locales: [defaultLocale] + withPages.filter { $0 != defaultLocale }.sorted { $0.rawValue < $1.rawValue },
            fallback: defaultLocale)
    }

    /// The email the sender gets for `notice`, when the site has one.
    func noticeTemplate(_ notice: EmailTemplate.Notice) -> EmailTemplate? {
        invitePages?.noticeTemplate(notice)
    }

    /// The file a request path names: `/de-DE/invite/` is `de-DE/invite/index.html`. `nil` for a
    /// path that leaves the output (`..`) or names nothing.
    public func file(at requestPath: String) -> Artifact? {
        guard let decoded = requestPath.removingPercentEncoding, !decoded.contains("\0") else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let path = segments.joined(separator: "/")
        if decoded.hasSuffix("/") || path.isEmpty { return files[path.isEmpty ? "index.html" : path + "/index.html"] }
        return files[path]
    }

    /// The page a link resolution shows in a locale, or `nil` when the site has none for it. An
    /// accepted invite shows the `accepted` page where the site has one, else the landing page.
    public func page(for resolution: LinkResolution, locale: LocaleID) -> Artifact? {
        switch resolution {
        case .landing: page(.landing, locale)
        case .expired: page(.expired, locale)
        case .gone: page(.gone, locale)
        case .alreadyAccepted: page(.accepted, locale) ?? page(.landing, locale)
        }
    }

    /// A body's `ETag`: a short fingerprint of its bytes (64-bit FNV-1a, hex), quoted.
    static func tag(_ body: ByteBuffer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        body.withUnsafeReadableBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        return "\"" + String(hash, radix: 16) + "\""
    }

    /// The response body of a file.
    func body(_ artifact: Artifact) -> ByteBuffer {
        bodies[artifact.path] ?? ByteBuffer(bytes: artifact.bytes)
    }

    /// The Content-Security-Policy of an invite page.
    func policy(_ page: Artifact) -> String {
        policies[page.path]
            ?? InvitePagePolicy.header(
                for: page.bytes, beacon: config.analytics?.endpoint, waitlist: config.app.androidWaitlistURL)
    }

    /// A page of one kind in a locale, falling back to the default locale's.
    func page(_ kind: TemplateKind, _ locale: LocaleID) -> Artifact? {
        files[PageRoute(kind: kind, locale: locale).filePath]
            ?? files[PageRoute(kind: kind, locale: config.locales.defaultLocale).filePath]
    }

    /// The paths the server answers from its store (invite links, accept links, the beacon, the
    /// API), which the build's `beckon-serve` proxy rules pass on.
    public let routes: ServerRoutes

    /// A string of the site's for people (an `inApp.*` message, such as `inApp.bulkWarning`, or
    /// the waiting list's consent sentence), with `{app}` filled in, as plain text in `locale`, or in the default locale when `locale` lacks it; `nil` when the
    /// site has no such string.
    func message(_ key: String, in locale: LocaleID) -> APIProblem.LocalizedMessage? {
        guard let catalog = invitePages?.catalog else { return nil }
        for candidate in [locale, config.locales.defaultLocale] {
            guard catalog.bundles[candidate]?.entries[MessageKey(key)] != nil,
                let message = catalog.format(
                    MessageKey(key), in: candidate, arguments: ["app": ArgumentValue(config.app.name)])
            else { continue }
            return APIProblem.LocalizedMessage(
                text: MessageRenderer.plainText(message, rightToLeft: candidate.isRightToLeft),
                locale: candidate.rawValue)
        }
        return nil
    }

    /// `tokens.acceptURL` with a token in it: the accept link an email carries and a page links.
    func acceptURL(token: String) -> String {
        let template = config.tokens?.acceptURL ?? ""
        let encoded = token.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+"]))
        return template.replacingOccurrences(of: "{token}", with: encoded ?? "")
    }

    /// Whether `locale` is one of the site's (`locales.list` or the default).
    func hasLocale(_ locale: LocaleID) -> Bool {
        config.locales.list.contains(locale) || config.locales.defaultLocale == locale
    }

    /// The locale an invite was created for, when it is one of the site's.
    func locale(of record: InviteRecord) -> LocaleID? {
        record.locale.flatMap(LocaleID.init).flatMap { hasLocale($0) ? $0 : nil }
    }

    /// The locale for a visitor's `Accept-Language`, or the default one.
    public func locale(acceptLanguage: String?) -> LocaleID {
        localeChoices.locale(for: acceptLanguage)
    }

    /// The locale an invite's page is shown in: the visitor's `Accept-Language`, or — for a
    /// request without one, as link-preview crawlers send them — the invite's own locale, so a
    /// German invite previews in German; the default one when it has neither.
    func locale(for record: InviteRecord, acceptLanguage: String?) -> LocaleID {
        guard acceptLanguage?.isEmpty ?? true, let own = locale(of: record) else {
            return locale(acceptLanguage: acceptLanguage)
        }
        return own
    }
}
