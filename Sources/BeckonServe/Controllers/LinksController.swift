import BeckonDiagnostics
import BeckonRender
import BeckonStore
import BeckonWeb
import Foundation
import HTTPTypes
import Hummingbird
import InviteModel
import NIOCore

/// Invite links answered by their invite's state (with their own cards, senders' pictures and
/// store hand-offs), seed 003's accept links, `/` by language, and every built file.
struct LinksController: Sendable {
    let site: ServedSite
    let links: LinkAnswerer
    let opener: InviteOpener
    /// Store buttons' taps: recorded, then on to the store.
    let handOff: HandOffController
    let metrics: ServeMetrics
    /// The invites' pages and cards already reported as falling back to the built ones.
    let fallbacks = FallbackReports()
    let now: @Sendable () -> Date
    /// Where notable events go (one line each, never a name, code or address).
    let log: @Sendable (String) -> Void

    func addRoutes(to router: Router<ServeRequestContext>) {
        router.get("/") { request, _ in entry(request) }
        router.get("/**") { request, context in await file(request, peer: context.remoteAddress) }
        router.head("/**") { request, context in await file(request, peer: context.remoteAddress) }
    }

    /// `/`: the entry page in the visitor's language, as the generated host rules send it.
    private func entry(_ request: Request) -> Response {
        let locale = site.locale(acceptLanguage: request.headers[.acceptLanguage])
        guard site.page(.landing, locale) != nil else { return Self.notFoundFile() }
        return Response(
            status: .found,
            headers: [
                .location: "/\(locale.rawValue)/\(PageRoute.slug(.landing))/", .vary: "Accept-Language",
                .cacheControl: "no-cache",
            ])
    }

    /// Whether a query (without `?`) has a parameter called `name`, read at the bytes `&` and `=`.
    /// Every link asks this twice, so the query is read in place, not split into an array.
    static func query(_ query: String, names name: String) -> Bool {
        let bytes = query.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            let part = bytes[start..<end]
            if part.prefix(while: { $0 != UInt8(ascii: "=") }).elementsEqual(name.utf8) { return true }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        return false
    }

    private func file(_ request: Request, peer: SocketAddress?) async -> Response {
        let path = request.uri.path
        let language = request.headers[.acceptLanguage]
        if isInviteLink(path) {
            // The link with one of Beckon's own parameters is the invite's card, sender's picture
            // or store hand-off.
            if let query = request.uri.query {
                if Self.query(query, names: StoreHandOff.parameter) {
                    return await handOff.answer(request, path: path, query: query, peer: peer)
                }
                if Self.query(query, names: LinkAnswerer.cardParameter) {
                    return await cardResponse(path: path, query: query, ifNoneMatch: request.headers[.ifNoneMatch])
                }
                if Self.query(query, names: LinkAnswerer.avatarParameter) {
                    return await avatarResponse(path: path, query: query)
                }
            }
            let platform = ClientPlatform(userAgent: request.headers[.userAgent])
            return await linkResponse(request) { () async throws(StoreError) in
                try await links.answer(
                    path: path, query: request.uri.query, acceptLanguage: language, platform: platform, at: now())
            }
        }
        if let accept = site.routes.route(.acceptLinks), accept.match.matches(path),
            let parameter = site.routes.tokenParameter
        {
            let token = request.uri.queryParameters[Substring(parameter)].map(String.init)
            return await linkResponse(request) { () async throws(StoreError) in
                try await links.answer(token: token, acceptLanguage: language, at: now())
            }
        }
        guard let artifact = site.file(at: path) else { return Self.notFoundFile() }
        if artifact.kind.isInvitePage { return invitePage(artifact, status: artifact.status) }
        var headers: HTTPFields = [.contentType: artifact.contentType]
        headers[.cacheControl] = artifact.contentType.hasPrefix("image/") ? "public, max-age=3600" : "no-cache"
        return Response(
            status: .init(code: artifact.status), headers: headers,
            body: ResponseBody(byteBuffer: site.body(artifact)))
    }

    /// An invite's preview card (the link with `og=LOCALE`): PNG, cached by crawlers for a day,
    /// with an `ETag` of its bytes; 404 for a link that does not verify.
    private func cardResponse(path: String, query: String, ifNoneMatch: String?) async -> Response {
        let answer: (card: PersonalPage, failedRules: [RuleID])?
        do {
            answer = try await links.card(path: path, query: query, at: now())
        } catch {
            metrics.storeError()
            return APIProblem.unavailable("The invite store did not answer; try again.").response()
        }
        guard let answer, let body = answer.card.body, let tag = answer.card.tag else { return Self.notFoundFile() }
        if fallbacks.isNew("card \(path)?\(query)", rules: answer.failedRules) {
            for rule in answer.failedRules { metrics.fellBack(rule) }
            log(
                "an invite's own card failed \(answer.failedRules.map(\.rawValue).joined(separator: ", ")); the built card was shown"
            )
        }
        var headers: HTTPFields = [
            .contentType: "image/png", .cacheControl: "public, max-age=86400", .eTag: tag,
        ]
        if ifNoneMatch == tag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// A sender's picture at their invite's link (`avatar=TAG`): PNG, cached for a day; 404 for a
    /// link that does not verify or a sender without one.
    private func avatarResponse(path: String, query: String) async -> Response {
        let picture: [UInt8]?
        do {
            picture = try await links.avatar(path: path, query: query, at: now())
        } catch {
            metrics.storeError()
            return APIProblem.unavailable("The invite store did not answer; try again.").response()
        }
        guard let picture else { return Self.notFoundFile() }
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: picture)))
    }

    /// Times and counts one link answer and turns it into a response; a store that does not
    /// answer is a 503. A person's GET of a pending invite's link opens it (`InviteOpener`), with
    /// or without the page's beacon.
    private func linkResponse(
        _ request: Request, _ resolve: () async throws(StoreError) -> LinkAnswerer.Answer
    ) async -> Response {
        let started = ContinuousClock.now
        let answer: LinkAnswerer.Answer
        do {
            answer = try await resolve()
        } catch {
            metrics.storeError()
            return APIProblem.unavailable("The invite store did not answer; try again.").response()
        }
        metrics.resolved(answer.resolution, seconds: started.duration(to: .now))
        if let code = answer.opens, InviteOpener.isPersonOpening(request) { await opener.open(code) }
        let link = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
        if fallbacks.isNew("page \(answer.locale.rawValue) \(link)", rules: answer.failedRules) {
            for rule in answer.failedRules { metrics.fellBack(rule) }
            log(
                "an invite's own page failed \(answer.failedRules.map(\.rawValue).joined(separator: ", ")); the built page was shown"
            )
        }
        return self.answer(answer)
    }

    /// A link's answer: its page with its status. A site without a page for the answer (a coach
    /// site built with `pages: [expired, gone]` has no landing page) sends a valid link on to
    /// the App Store, or answers 404 when it has no App Store app either.
    private func answer(_ answer: LinkAnswerer.Answer) -> Response {
        if let redirect = answer.redirect {
            // The token rides in the URL: no-referrer keeps it from the sign-up page's own requests.
            return Response(
                status: .found,
                headers: [
                    .location: redirect, .cacheControl: "no-store", HTTPField.Name("Referrer-Policy")!: "no-referrer",
                ])
        }
        if let page = answer.page { return invitePage(page, status: answer.status, personal: answer.personal) }
        if answer.resolution != nil, let store = StoreLinks.appStore(site.config.app) {
            return Response(status: .found, headers: [.location: store, .cacheControl: "no-store"])
        }
        return Self.notFoundFile()
    }

    /// Whether a request path is an invite link of the site's link policy: on the server's invite
    /// link route, and in the path form with one segment where the code goes (so a static file
    /// beside the links, such as `/invite/index.html` under a prefix of `/`, stays a file).
    func isInviteLink(_ path: String) -> Bool {
        guard let route = site.routes.route(.inviteLinks), route.match.matches(path) else { return false }
        let links = site.config.links
        guard links.form == .path, let (prefix, suffix) = links.codeAffixes else { return true }
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.utf8.count > prefix.utf8.count + suffix.utf8.count
        else { return false }
        let code = path.dropFirst(prefix.count).dropLast(suffix.count)
        return !code.utf8.contains(UInt8(ascii: "/"))
    }

    /// An invite page: never cached, never indexed, no referrer (the link's signature must not
    /// reach a third party), and scripts and connections to the page's own origin only.
    /// A page rendered for one invite comes with its own body and policy; a built one's were
    /// made at start.
    private func invitePage(
        _ page: Artifact, status: Int, personal: (body: ByteBuffer, policy: String)? = nil
    ) -> Response {
        let headers: HTTPFields = [
            .contentType: page.contentType, .cacheControl: "no-store", .vary: "Accept-Language",
            .xRobotsTag: "noindex",
            .contentSecurityPolicy: personal?.policy ?? site.policy(page),
        ]
        let body = personal?.body ?? site.body(page)
        return Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// The plain 404 of a path that is no file and no link that verifies.
    static func notFoundFile() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found\n")))
    }
}

extension HTTPField.Name {
    static let xRobotsTag = Self("X-Robots-Tag")!
}
