import BeckonStore
import Foundation
import HTTPTypes
import Hummingbird
import InviteModel

/// Opens an invite when a person first visits its link: a created or sent invite moves to
/// `opened` (recording `invite_sent` first for a created one) with `invite_link_opened`, and only
/// that first open is counted. The link's own GET and the landing page's beacon both open through
/// it, so an invite is opened once whichever comes first.
struct InviteOpener: Sendable {
    let store: any InviteStore
    let metrics: ServeMetrics
    let now: @Sendable () -> Date

    /// Moves the invite to `opened` if it is still created or sent.
    func open(_ code: InviteCode) async {
        let date = now()
        do {
            let updated = try await store.update(code: code) { record in
                guard record.invite.status == .sent || record.invite.status == .created else { return [] }
                var events: [InviteEvent.Name] = []
                if record.invite.status == .created {
                    try record.invite.markSent(at: date)
                    events.append(.sent)
                }
                try record.invite.markOpened(at: date)
                events.append(.opened)
                return events
            }
            // Opened now (the store keeps milliseconds), not by an earlier visit.
            if let opened = updated?.invite.openedAt, abs(opened.timeIntervalSince(date)) < 0.001 { metrics.opened() }
        } catch .rejected {
            // Expired or cancelled meanwhile: nothing to record.
        } catch {
            metrics.storeError()
        }
    }

    /// Whether a request is a person opening a page: a GET (not HEAD) from a browser, not a
    /// link-preview crawler (`CrawlerAgents`, which also counts a request without `User-Agent`)
    /// and not a prefetch (`Sec-Purpose` or `Purpose: prefetch`, which browsers and proxies send
    /// for pages nobody has opened yet).
    static func isPersonOpening(_ request: Request) -> Bool {
        guard request.method == .get, !CrawlerAgents.isCrawler(request.headers[.userAgent]) else { return false }
        for name in [HTTPField.Name.secPurpose, .purpose, .xPurpose] {
            if let value = request.headers[name]?.lowercased(), value.contains("prefetch") || value.contains("preview")
            {
                return false
            }
        }
        return true
    }
}

extension HTTPField.Name {
    static let secPurpose = Self("Sec-Purpose")!
    static let purpose = Self("Purpose")!
    static let xPurpose = Self("X-Purpose")!
}
