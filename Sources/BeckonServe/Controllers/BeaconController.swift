import BeckonJSON
import BeckonStore
import Foundation
import HTTPTypes
import Hummingbird
import InviteModel

/// The landing page's `invite_link_opened` beacon, at `analytics.endpoint`'s path when it is on a
/// host this server answers.
struct BeaconController: Sendable {
    let site: ServedSite
    let links: LinkAnswerer
    let opener: InviteOpener

    func addRoutes(to router: Router<ServeRequestContext>) {
        guard let path = Self.path(site) else { return }
        router.post(RouterPath(path)) { request, _ in await beacon(request) }
        // The `<noscript>` pixel: a browser without scripts asks for it; its query names no
        // invite (the page cannot read the link without a script), and the link's own GET has
        // opened the invite already.
        router.get(RouterPath(path)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "image/gif", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.pixel)))
        }
    }

    /// A transparent 1×1 GIF.
    static let pixel: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF,
        0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
        0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    /// `analytics.endpoint`'s path when it is on a host this server answers.
    static func path(_ site: ServedSite) -> String? {
        site.routes.route(.beacon)?.match.path
    }

    /// The first open by a person (never a link-preview crawler, never a request another site's
    /// page made) of a link that verifies (the event's `link`: the path and query the page was
    /// opened at) moves the invite it names to `opened`, and only that first open is counted. A
    /// bare code opens nothing.
    private func beacon(_ request: Request) async -> Response {
        var request = request
        let noContent = Response(status: .noContent, headers: [.cacheControl: "no-store"])
        guard !CrawlerAgents.isCrawler(request.headers[.userAgent]), isSameSite(request) else { return noContent }
        guard let buffer = try? await request.collectBody(upTo: 4_096),
            let text = String(validating: Array(buffer.readableBytesView), as: UTF8.self),
            let value = try? JSONParser.parse(text), value["event"]?.string == "invite_link_opened",
            let link = value["link"]?.string, let code = links.code(opening: link, at: opener.now())
        else { return noContent }
        await opener.open(code)
        return noContent
    }

    /// Whether a request may come from the site's own pages, as far as a browser tells:
    /// `Sec-Fetch-Site` is not `cross-site`, and an `Origin` names one of the site's hosts.
    private func isSameSite(_ request: Request) -> Bool {
        if request.headers[.secFetchSite]?.lowercased() == "cross-site" { return false }
        guard let origin = request.headers[.origin] else { return true }
        guard let host = URLComponents(string: origin)?.host?.lowercased() else { return false }
        return [site.config.links.host, site.config.app.baseURL.host].compactMap { $0?.lowercased() }.contains(host)
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
