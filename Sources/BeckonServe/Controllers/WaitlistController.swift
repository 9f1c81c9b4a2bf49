import BeckonInvitePages
import BeckonSite
import BeckonStore
import BeckonWeb
import Foundation
import HTTPTypes
import Hummingbird
import InviteModel
import NIOCore

/// The Android waiting list (seed 001 §8), at `app.androidWaitlistURL`'s path when it is on a host
/// this server answers: the Android page's form posts an address and the page's language; the
/// address is checked, kept once with the consent sentence the page showed and the language, and
/// the Android page answers in that language with thanks (200, whether or not the address was
/// already there) or with the form again saying what was wrong (400). A client posting too often
/// is answered 429, a post from another site's page 403.
struct WaitlistController: Sendable {
    let site: ServedSite
    let store: any InviteStore
    let clients: ClientIdentity
    let pace: ClientPace
    let metrics: ServeMetrics
    let now: @Sendable () -> Date

    /// The string the form shows beside the address: what its owner agreed to.
    static let consentKey = "android.privacy"

    func addRoutes(to router: Router<ServeRequestContext>) {
        guard let path = site.routes.route(.waitlist)?.match.path else { return }
        router.post(RouterPath(path)) { request, context in await join(request, peer: context.remoteAddress) }
    }

    private func join(_ request: Request, peer: SocketAddress?) async -> Response {
        var request = request
        if request.headers[.secFetchSite]?.lowercased() == "cross-site" {
            return Self.text(.forbidden, "The waiting list takes addresses from this site's own page.\n")
        }
        guard let body = try? await request.collectBody(upTo: 4_096) else {
            return Self.text(.contentTooLarge, "The form may send at most 4 KB.\n")
        }
        let fields = Self.formFields(String(decoding: body.readableBytesView, as: UTF8.self))
        let locale =
            fields["locale"].flatMap(LocaleID.init).flatMap { site.hasLocale($0) ? $0 : nil }
            ?? site.locale(acceptLanguage: request.headers[.acceptLanguage])
        let date = now()
        let client = clients.hash(
            address: ClientIdentity.address(of: request, peer: peer), platform: .android, at: date)
        if let wait = pace.admit(client, at: date) {
            var response = Self.text(.tooManyRequests, "Too many addresses from one client; try again later.\n")
            response.headers[.retryAfter] = String(wait)
            return response
        }
        guard let address = Self.address(fields["email"] ?? "") else {
            return page(locale, .invalidAddress, status: .badRequest)
        }
        let entry = WaitlistEntry(
            address: address, locale: locale.rawValue, consent: site.message(Self.consentKey, in: locale)?.text ?? "",
            at: date)
        do {
            _ = try await store.joinWaitlist(entry)
        } catch {
            metrics.storeError()
            return APIProblem.unavailable("The invite store did not answer; try again.").response()
        }
        return page(locale, .joined, status: .ok)
    }

    /// The Android page with the outcome, as an invite page is served.
    private func page(_ locale: LocaleID, _ outcome: WaitlistOutcome, status: HTTPResponse.Status) -> Response {
        guard let pages = site.invitePages, case .page(let page) = pages.waitlistPage(locale: locale, outcome: outcome)
        else {
            return Self.text(status, outcome == .joined ? "Thanks!\n" : "That is not an email address.\n")
        }
        return Response(
            status: status,
            headers: [
                .contentType: page.contentType, .cacheControl: "no-store", .contentSecurityPolicy: site.policy(page),
                .xRobotsTag: "noindex",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.bytes)))
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// An `application/x-www-form-urlencoded` body's fields (`+` is a space); the first of a
    /// name given twice wins.
    static func formFields(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String? {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let name = decoded(parts[0]), let value = parts.count == 2 ? decoded(parts[1]) : "" else { continue }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    /// The address as kept (trimmed, lowercased), or `nil` when it cannot be one: one `@` with at
    /// most 64 bytes before it, a domain with a dot and no empty label after it, at most 254 bytes,
    /// no white space or control characters.
    static func address(_ text: String) -> String? {
        let address = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[0].utf8.count <= 64,
            !address.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
            })
        else { return nil }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") })
        else { return nil }
        return address
    }
}
