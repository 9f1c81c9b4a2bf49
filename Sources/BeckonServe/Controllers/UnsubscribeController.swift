import BeckonEmail
import BeckonLocalization
import BeckonRender
import BeckonSite
import Foundation
import HTTPTypes
import Hummingbird
import InviteModel
import NIOCore

/// The one-click unsubscribe links of non-transactional emails (RFC 8058), at
/// `/unsubscribe/TOKEN` on the site's host. A POST — the mail client's one-click, with
/// `List-Unsubscribe=One-Click`, or this page's button — puts the address the token names on the
/// suppression list (as its keyed hash) and answers 200; a GET (a person following the link, or
/// a scanner that opens every link) only asks, with a button, and changes nothing. A token the
/// server did not make is 404. Answers are in the visitor's language, never cached, never
/// indexed, and send no referrer: the token stays out of other sites' logs.
struct UnsubscribeController: Sendable {
    let site: ServedSite
    let suppressions: Suppressions
    let metrics: ServeMetrics
    let now: @Sendable () -> Date

    func addRoutes(to router: Router<ServeRequestContext>) {
        guard suppressions.applies, site.routes.route(.unsubscribe) != nil else { return }
        let path = RouterPath("\(ServerRoutes.unsubscribePrefix):token")
        router.get(path) { request, context in
            page(request, token: context.parameters.get("token"), done: false)
        }
        router.post(path) { request, context in
            await unsubscribe(request, token: context.parameters.get("token"))
        }
    }

    private func unsubscribe(_ request: Request, token: String?) async -> Response {
        guard let hash = token.flatMap(suppressions.tokens.addressHash(token:)) else {
            return Self.notFound()
        }
        do {
            _ = try await suppressions.store.suppress(addressHash: hash, at: now())
        } catch {
            metrics.storeError()
            return APIProblem.unavailable("The invite store did not answer; try again.").response()
        }
        return page(request, token: token, done: true)
    }

    /// The question with its button, or (`done`) the confirmation.
    private func page(_ request: Request, token: String?, done: Bool) -> Response {
        guard token.flatMap(suppressions.tokens.addressHash(token:)) != nil else { return Self.notFound() }
        let keys = EmailRenderer.unsubscribePageKeys
        // The page says what language it is in: the one its strings came from (the visitor's, the
        // site's default one where the visitor's has none), or English, the server's own words.
        let wanted = site.locale(acceptLanguage: request.headers[.acceptLanguage])
        let found = site.message(keys[0].rawValue, in: wanted).flatMap { LocaleID($0.locale) }
        let locale = found ?? LocaleID("en")!
        let app = HTMLEscaping.text(site.config.app.name)
        func text(_ key: MessageKey, _ fallback: String) -> String {
            guard found != nil else { return fallback }
            return site.message(key.rawValue, in: locale).map { HTMLEscaping.text($0.text) } ?? fallback
        }
        let title = text(keys[0], "Unsubscribe")
        let body =
            done
            ? "<p>\(text(keys[3], "You will get no more invites to \(app) at this address."))</p>"
            : """
            <p>\(text(keys[1], "Stop getting invites to \(app) at this address?"))</p>
            <form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">\
            <button type="submit">\(text(keys[2], "Unsubscribe"))</button></form>
            """
        let html = """
            <!doctype html>
            <html lang="\(locale.rawValue)" dir="\(locale.direction)">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title></head>
            <body><main><h1>\(title)</h1>
            \(body)
            </main></body>
            </html>

            """
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .xRobotsTag: "noindex",
                .referrerPolicy: "no-referrer", .contentLanguage: locale.rawValue,
                .contentSecurityPolicy:
                    "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    private static func notFound() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "This unsubscribe link is not one this site made.\n")))
    }
}
