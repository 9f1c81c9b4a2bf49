import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonRender
import BeckonSite
import BeckonStore
import BeckonWeb
import Foundation
import InviteModel
import InviteSecurity
import NIOCore

/// Answers an invite link: verifies its signature, looks the invite up, and picks the page its
/// state shows in the visitor's language (`Invite.resolve(at:)`). A link that does not verify, or
/// names no invite, gets the landing page with 404 — one answer for every reason, so a visitor
/// (or someone guessing codes) learns nothing about which check failed — and it costs one store
/// lookup either way, so the time taken does not tell whether a code exists.
struct LinkAnswerer: Sendable {
    /// What a link shows.
    struct Answer: Sendable, Equatable {
        /// The page's resolution, or `nil` for the not-found answer.
        var resolution: LinkResolution?
        var status: Int
        var page: Artifact?
        var locale: LocaleID
        /// For a page rendered for this invite (with its sender's name), not built: its response
        /// body and Content-Security-Policy.
        var personal: (body: ByteBuffer, policy: String)?
        /// The page rules a page rendered for this invite failed, so the built page was shown.
        var failedRules: [RuleID] = []
        /// The stored invite the link names, when a person's visit would open it (it is created
        /// or sent, and its landing page answers): what `InviteOpener` moves to `opened`.
        var opens: InviteCode?
        /// Where the answer sends the visitor instead of a page (302): the web sign-up of a
        /// token site (`tokens.signupURL`), for a pending invite's token.
        var redirect: String?

        static func == (lhs: Answer, rhs: Answer) -> Bool {
            lhs.resolution == rhs.resolution && lhs.status == rhs.status && lhs.page?.path == rhs.page?.path
                && lhs.locale == rhs.locale && lhs.redirect == rhs.redirect
        }
    }

    let site: ServedSite
    /// The site's links, checked with the keyring from the environment; those that verified are remembered.
    let verified: VerifiedLinks
    let store: any InviteStore
    /// Verifies seed 003's invite tokens (`tokens.acceptURL`), when the site has them and a key
    /// is in the environment.
    let tokens: TokenAuthority?
    /// Invites' own pages and preview cards already made.
    let artifacts: InviteArtifactCache

    /// - Parameter disk: Where pages and cards are also kept between starts (sealed), if anywhere.
    init(
        site: ServedSite, keyring: LinkKeyring, store: any InviteStore, tokens: TokenAuthority?,
        disk: StepCache? = nil
    ) {
        self.site = site
        verified = VerifiedLinks(keyring: keyring, policy: site.config.links)
        self.store = store
        self.tokens = tokens
        artifacts = InviteArtifactCache(invitePages: site.invitePages, disk: disk)
    }

    /// The query parameter that turns an invite link into its preview card's URL: the link's own
    /// signature vouches for the card, so no name can be drawn without a valid link.
    static let cardParameter = "og"

    /// The query parameter that turns an invite link into its sender's picture's URL; its value
    /// is the picture's tag, so a new picture has a new URL.
    static let avatarParameter = "avatar"

    /// A code no invite has, looked up when a link carries none so that every answer costs a lookup.
    static let absentCode = InviteCode(String(repeating: "2", count: InviteCode.length))!

    /// The answer to a request for `path` with `query` (without `?`) on the link host, from a
    /// device on `platform`: an Android visitor to a pending invite of a site without a Play
    /// listing gets the Android page (seed 001 §8).
    func answer(
        path: String, query: String?, acceptLanguage: String?, platform: ClientPlatform = .desktop, at date: Date
    ) async throws(StoreError) -> Answer {
        let locale = site.locale(acceptLanguage: acceptLanguage)
        let url = "https://\(site.config.links.host)\(path)" + (query.map { "?\($0)" } ?? "")
        let generation = artifacts.generation
        let found = try await lookUp(url, at: date)
        guard let link = found.link else { return notFound(locale) }
        switch link.target.code {
        case .some:
            guard let record = found.record else { return notFound(locale) }
            var invite = record.invite
            if found.expired { invite.expireIfNeeded(at: max(date, invite.expiresAt)) }
            return await show(
                invite.resolve(at: date), site.locale(for: record, acceptLanguage: acceptLanguage), for: record,
                link: url, avatarTag: avatarTag(record, updatedAt: found.avatarUpdatedAt), generation: generation,
                handsOff: true, platform: platform)
        case nil:
            // A query-form link without a code names a sender, not an invite: its signature and
            // expiry decide.
            if found.expired { return show(.expired, locale) }
            return show(.landing, locale)
        }
    }

    /// The preview card a link's page points at: `query` holds the link's own query and
    /// `og=LOCALE`. A link that verifies, of an invite whose page shows its sender's name, gets the
    /// invite's own card (checked by the card rules); any other authentic link (an expired one
    /// too) the locale's built card; a forged or malformed link, or a locale the site lacks,
    /// nothing (`nil`: 404).
    func card(
        path: String, query: String, at date: Date
    ) async throws(StoreError) -> (
        card: PersonalPage, failedRules: [RuleID]
    )? {
        let generation = artifacts.generation
        guard let linked = try await linked(path: path, query: query, parameter: Self.cardParameter, at: date),
            let locale = LocaleID(linked.value), site.hasLocale(locale),
            let built = site.files[CardSet.path(locale: locale, sample: nil)]
        else { return nil }
        let generic = PersonalPage(
            rendered: .page(built), body: site.body(built), policy: nil, tag: site.tags[built.path])
        guard !linked.expired, let record = linked.record, record.invite.resolve(at: date) == .landing,
            let pages = site.invitePages, let invite = Self.shown(record)
        else { return (generic, []) }
        // The sender's picture, when they uploaded one: the card is kept by its version too, and
        // its bytes are read only to draw a card not kept yet.
        let version = avatarTag(record, updatedAt: linked.avatarUpdatedAt)
        let key = version.map { Self.adding(Self.avatarParameter, $0, to: linked.url) } ?? linked.url
        let card = try await artifacts.card(locale: locale, invite: invite, link: key, generation: generation) {
            () async throws(StoreError) in
            let avatar = version == nil ? nil : try await store.avatar(sender: record.invite.senderID)
            let rendered = await ServeThreads.offLoop { pages.card(locale: locale, invite: invite, avatar: avatar) }
            guard case .page(let drawn) = rendered else { return PersonalPage(rendered: rendered) }
            let body = ByteBuffer(bytes: drawn.bytes)
            return PersonalPage(rendered: rendered, body: body, policy: nil, tag: ServedSite.tag(body))
        }
        if case .failed(let rules) = card.rendered { return (generic, rules) }
        guard case .page = card.rendered else { return (generic, []) }
        return (card, [])
    }

    /// The picture of the sender of the invite a link names, at the link with `avatar=TAG`
    /// added: only a link that verifies (an expired one too) reaches it, and only while the
    /// invite's page shows the sender (not erased). `nil`: 404.
    func avatar(path: String, query: String, at date: Date) async throws(StoreError) -> [UInt8]? {
        guard let linked = try await linked(path: path, query: query, parameter: Self.avatarParameter, at: date),
            let record = linked.record, record.senderFirstName != nil
        else { return nil }
        return try await store.avatar(sender: record.invite.senderID)
    }

    /// A link with one parameter of Beckon's own added (`og=`, `avatar=`): the parameter's value,
    /// the link without it, whether the link's time has passed, and the invite it names. `nil`
    /// when the link does not verify (or lacks the parameter). One store lookup either way.
    private func linked(
        path: String, query: String, parameter: String, at date: Date
    ) async throws(StoreError) -> (
        value: String, url: String, expired: Bool, record: InviteRecord?, avatarUpdatedAt: Date?
    )? {
        // Split at the byte `&`, as `LinksController.query(_:names:)` reads it.
        var items = query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map(Substring.init)
        let prefix = parameter + "="
        guard let index = items.lastIndex(where: { $0.utf8.starts(with: prefix.utf8) }) else { return nil }
        let value = String(Substring(items[index].utf8.dropFirst(prefix.utf8.count)))
        items.remove(at: index)
        let url = "https://\(site.config.links.host)\(path)" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
        let found = try await lookUp(url, at: date)
        guard found.link != nil else { return nil }
        return (value, url, found.expired, found.record, found.avatarUpdatedAt)
    }

    /// A link checked and looked up: the link when it is authentic (`expired` when its signature
    /// is good and only its time passed: a chat keeps showing its preview), and the invite it
    /// names with its sender's picture's time. One store lookup whether or not the link verified,
    /// so the answer's time does not tell whether a code exists.
    private func lookUp(
        _ url: String, at date: Date
    ) async throws(StoreError) -> (link: InviteLink?, expired: Bool, record: InviteRecord?, avatarUpdatedAt: Date?) {
        let authentic = verified.authentic(url, at: date)
        let link = authentic?.link
        let expired = authentic?.expired ?? false
        let code = link?.target.code
        let found = try await store.inviteAndAvatar(code: code ?? Self.absentCode)
        // A query-form link names its invite's sender, context and content too: a link whose
        // code is another invite's is no link of that invite.
        guard let link, code != nil, let record = found?.record, Self.names(record.invite, link.target) else {
            return (link, expired, nil, nil)
        }
        return (link, expired, record, found?.avatarUpdatedAt)
    }

    /// The code of the invite a link names, when the link (its path and query, as a landing page
    /// was opened at) verifies and its time has not passed: what the beacon may open.
    func code(opening pathAndQuery: String, at date: Date) -> InviteCode? {
        guard pathAndQuery.hasPrefix("/"), pathAndQuery.utf8.count <= 2_048,
            let authentic = verified.authentic("https://\(site.config.links.host)\(pathAndQuery)", at: date),
            !authentic.expired, let code = authentic.link.target.code
        else { return nil }
        return code
    }

    /// The code of the invite a claim's text names: a signed link of the site (its signature
    /// good; its time may have passed, so the app can show that the invite expired), the text
    /// trimmed of white space around it. `nil` for anything else.
    func claimedCode(text: String, at date: Date) -> InviteCode? {
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard link.hasPrefix("https://\(site.config.links.host)/"), link.utf8.count <= 2_048,
            let authentic = verified.authentic(link, at: date)
        else { return nil }
        return authentic.link.target.code
    }

    /// Whether a link's target is `invite`'s: its code, and in the query form its sender, context
    /// and content as well.
    static func names(_ invite: Invite, _ target: InviteLink.Target) -> Bool {
        switch target {
        case .code(let code): code == invite.code
        case .referral(let sender, let context, let content, let code):
            code == invite.code && sender == invite.senderID && context == invite.context
                && content == invite.contextID
        }
    }

    /// An invite as its own page, card, share message and email show it (the invitee's first
    /// name greets them in the last two), or `nil` when its sender's name was erased.
    static func shown(_ record: InviteRecord) -> InviteValues? {
        guard let name = record.senderFirstName else { return nil }
        var values = InviteValues(
            invite: record.invite.id, inviterFirstName: name, context: record.invite.context,
            contextID: record.invite.contextID, contextTitle: record.contextTitle, code: record.invite.code,
            createdAt: record.invite.createdAt)
        values?.inviteeFirstName = record.inviteeFirstName
        values?.inviterGender = record.senderGender.flatMap(InviterGender.init(rawValue:))
        return values
    }

    /// The answer to an accept link carrying an invite token (seed 003): the token's signature,
    /// issuer, audience and expiry are verified, and the invite it names answers by its state. A
    /// token that does not verify, or names no invite, gets the same 404 as a bad link.
    func answer(token: String?, acceptLanguage: String?, at date: Date) async throws(StoreError) -> Answer {
        let locale = site.locale(acceptLanguage: acceptLanguage)
        let generation = artifacts.generation
        var id: UUID?
        if let tokens, let token, token.utf8.count <= 8_192,
            case .success(let claims) = await tokens.verify(token, at: date)
        {
            id = UUID(uuidString: claims.inviteId)
        }
        let record = try await store.invite(id: id ?? Self.absentID)
        guard id != nil, let record else { return notFound(locale) }
        let resolution = record.invite.resolve(at: date)
        if resolution == .landing, let token, let signup = site.config.tokens?.signupURL(token: token) {
            // Seed 003 #17: without the app, a pending invite's token goes on to the web sign-up.
            var answer = show(resolution, site.locale(for: record, acceptLanguage: acceptLanguage))
            answer.redirect = signup
            if [.created, .sent].contains(record.invite.status) { answer.opens = record.invite.code }
            return answer
        }
        let link = site.acceptURL(token: token ?? "")
        let avatarUpdatedAt = try await store.avatarUpdatedAt(sender: record.invite.senderID)
        return await show(
            resolution, site.locale(for: record, acceptLanguage: acceptLanguage), for: record,
            link: link,
            avatarTag: avatarTag(record, updatedAt: avatarUpdatedAt), generation: generation)
    }

    /// An id no invite has, looked up when a token names none so that every answer costs a lookup.
    static let absentID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    private func show(_ resolution: LinkResolution, _ locale: LocaleID) -> Answer {
        Answer(
            resolution: resolution, status: resolution.httpStatus, page: site.page(for: resolution, locale: locale),
            locale: locale)
    }

    /// The version of the sender's picture (when it was kept, in milliseconds, base 36), when the
    /// invite shows its sender and they have one: a new picture, a new tag.
    func avatarTag(_ record: InviteRecord, updatedAt: Date?) -> String? {
        guard site.invitePages != nil, record.senderFirstName != nil, let updatedAt else { return nil }
        return String(Int64((updatedAt.timeIntervalSince1970 * 1000).rounded()), radix: 36)
    }

    /// A tap on a store button of an invite's page (the link with `store=` added): the link
    /// without it, and the invite it names when the link verifies, its time has not passed and
    /// the invite is still pending (`nil` otherwise: the tap goes back to the link, which shows
    /// the invite's state). `nil` for a link that does not verify. One store lookup either way.
    func handOff(
        path: String, query: String, at date: Date
    ) async throws(StoreError) -> (
        link: String, pending: InviteRecord?
    )? {
        guard let linked = try await linked(path: path, query: query, parameter: StoreHandOff.parameter, at: date)
        else { return nil }
        guard !linked.expired, let record = linked.record, record.invite.resolve(at: date) == .landing else {
            return (linked.url, nil)
        }
        return (linked.url, record)
    }

    /// The link with one of Beckon's own parameters added (`og=de-DE`, `avatar=TAG`).
    static func adding(_ parameter: String, _ value: String, to link: String) -> String {
        link + (link.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + "\(parameter)=\(value)"
    }

    /// The answer for a stored invite: its page rendered with the sender's first name and the
    /// invite's context where the page shows them (landing, expired, already accepted), else the
    /// built page. An erased sender, or a page that fails the page rules, gets the built page.
    /// With `handsOff`, a landing page's store buttons go through the server's store hand-off
    /// (invite links; an accept link's token stays out of it).
    private func show(
        _ resolution: LinkResolution, _ locale: LocaleID, for record: InviteRecord, link: String, avatarTag: String?,
        generation: Int, handsOff: Bool = false, platform: ClientPlatform = .desktop
    ) async
        -> Answer
    {
        var answer = show(resolution, locale)
        let toAndroid = resolution == .landing && platform == .android && site.config.app.playStoreURL == nil
        if toAndroid, let android = site.page(.android, locale) {
            answer.page = android
            answer.status = 200
        }
        if resolution == .landing, [.created, .sent].contains(record.invite.status) {
            answer.opens = record.invite.code
        }
        guard let pages = site.invitePages, let built = answer.page, let invite = Self.shown(record) else {
            return answer
        }
        let kind: TemplateKind
        switch resolution {
        case .landing: kind = answer.page?.kind == .android ? .android : .landing
        case .expired: kind = .expired
        case .alreadyAccepted: kind = built.kind == .accepted ? .accepted : .landing
        case .gone: return answer
        }
        // The page in the language the built one is in (the default locale's when the visitor's has none).
        let pageLocale = built.locale ?? locale
        // A landing page's card is the invite's own, at the link with `og=LOCALE` added.
        let cardURL =
            kind == .landing && pages.hasCards ? Self.adding(Self.cardParameter, pageLocale.rawValue, to: link) : nil
        // The sender's picture, at the link with `avatar=TAG` added; a new picture, a new page.
        let avatarURL = avatarTag.map { Self.adding(Self.avatarParameter, $0, to: link) }
        let config = site.config
        let hasStore = config.app.appStoreID != nil || config.app.playStoreURL != nil
        // A computer's page also shows the link as a QR code, so it is kept apart from a phone's.
        let handOff =
            handsOff && resolution == .landing && kind == .landing && hasStore
            ? StoreHandOff(link: link, copiesLink: config.deferred.clipboard, showsQRCode: platform == .desktop) : nil
        let key = (avatarURL ?? link) + (handOff?.qrCodeLink == nil ? "" : "#qr")
        let personal = await artifacts.page(kind, locale: pageLocale, invite: invite, link: key, generation: generation)
        {
            let rendered = pages.page(
                kind, locale: pageLocale, invite: invite, link: link, cardURL: cardURL, avatarURL: avatarURL,
                handOff: handOff)
            guard case .page(let page) = rendered else { return PersonalPage(rendered: rendered) }
            return PersonalPage(
                rendered: rendered, body: ByteBuffer(bytes: page.bytes),
                policy: InvitePagePolicy.header(
                    for: page.bytes, beacon: site.config.analytics?.endpoint,
                    waitlist: site.config.app.androidWaitlistURL))
        }
        switch personal.rendered {
        case .page(let page):
            answer.page = page
            if let body = personal.body, let policy = personal.policy { answer.personal = (body, policy) }
        case .failed(let rules): answer.failedRules = rules
        case .notPersonal: break
        }
        return answer
    }

    private func notFound(_ locale: LocaleID) -> Answer {
        Answer(resolution: nil, status: 404, page: site.page(for: .landing, locale: locale), locale: locale)
    }
}
