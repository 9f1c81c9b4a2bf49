import BeckonRender
import BeckonSite
import BeckonStore
import BeckonWeb
import Foundation
import HTTPTypes
import Hummingbird
import InviteModel
import NIOCore

/// The store hand-off: a tap on a store button of an invite's page (its signed link with
/// `store=`). A person's tap of a pending invite's authentic link is recorded (the invite, the
/// platform, the time and a keyed client hash, never the address) and answered with a 302 to the
/// store the device uses: the App Store with the site's campaign, or Google Play with the link as
/// the install referrer. A desktop browser, an Android phone on a site without a Play listing, or
/// an invite no longer pending go back to the link, which shows the QR code, the Android page or
/// the invite's state. A link that does not verify is a 404.
struct HandOffController: Sendable {
    let site: ServedSite
    let links: LinkAnswerer
    let store: any InviteStore
    let clients: ClientIdentity
    let metrics: ServeMetrics
    let now: @Sendable () -> Date

    func answer(_ request: Request, path: String, query: String, peer: SocketAddress?) async -> Response {
        let date = now()
        let found: (link: String, pending: InviteRecord?)?
        do {
            found = try await links.handOff(path: path, query: query, at: date)
        } catch {
            metrics.storeError()
            return APIProblem.unavailable("The invite store did not answer; try again.").response()
        }
        guard let found else { return LinksController.notFoundFile() }
        let platform = ClientPlatform(userAgent: request.headers[.userAgent])
        guard let record = found.pending,
            let destination = Self.store(for: platform, link: found.link, app: site.config.app)
        else { return Self.redirect(found.link) }
        if InviteOpener.isPersonOpening(request) {
            let address = ClientIdentity.address(of: request, peer: peer)
            let click = StoreClick(
                code: record.invite.code, platform: platform,
                clientHash: clients.hash(address: address, platform: platform, at: date), at: date)
            do {
                if try await store.recordStoreClick(click) { metrics.storeClicked(platform) }
            } catch {
                metrics.storeError()
            }
        }
        return Self.redirect(destination)
    }

    /// The store a device on `platform` installs from, with what carries the invite there: the App
    /// Store URL with `app.appStoreCampaign`, or the Play listing with the signed link as its
    /// `referrer` (Google Play hands it to the app through the Install Referrer API). `nil` for a
    /// desktop browser or a platform the site has no store for.
    static func store(for platform: ClientPlatform, link: String, app: AppConfig) -> String? {
        switch platform {
        case .ios:
            guard let url = StoreLinks.appStore(app) else { return nil }
            guard let campaign = app.appStoreCampaign else { return url }
            return url + "?pt=" + URLEscaping.component(campaign.providerToken) + "&ct="
                + URLEscaping.component(campaign.campaignToken) + "&mt=8"
        case .android:
            guard let listing = app.playStoreURL?.absoluteString else { return nil }
            let separator = listing.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
            return listing + separator + "referrer=" + URLEscaping.component(link)
        case .desktop:
            return nil
        }
    }

    /// A 302 that no cache keeps and that sends no `Referer` on: the link's signature never
    /// reaches the store.
    private static func redirect(_ location: String) -> Response {
        Response(
            status: .found,
            headers: [
                .location: location, .cacheControl: "no-store", HTTPField.Name("Referrer-Policy")!: "no-referrer",
            ])
    }
}
