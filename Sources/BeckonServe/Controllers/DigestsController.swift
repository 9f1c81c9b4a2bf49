import BeckonAPI
import BeckonSite
import BeckonStore
import Foundation
import OpenAPIRuntime

/// `POST /v1/admin/digests`: queues the senders' digests of a day at once (`notify:
/// joined-digest`, seed 003 #49), as the server's `DigestSchedule` does at `email.digest.hour`, so
/// a test or a person can watch one go out, or a missed day be sent.
struct DigestsController: Sendable {
    let site: ServedSite
    let store: any InviteStore
    /// Wakes the email worker when digests were queued; `nil` when this server sends no email.
    let delivery: DeliveryWake?
    let now: @Sendable () -> Date

    func queueDigests(_ input: Operations.QueueDigests.Input) async throws -> Operations.QueueDigests.Output {
        guard site.noticeTemplate(.joinedDigest) != nil else {
            throw APIProblem.conflict(
                "The site has no email with `notify: joined-digest`, so there is no digest to send.")
        }
        let date = now()
        let digest = site.config.email?.digest ?? .standard
        let until = input.query.until ?? digest.lastDue(at: date.addingTimeInterval(-DigestSchedule.grace))
        guard until <= date else {
            throw APIProblem.badRequest("`until` is in the future: a day is sent once it has ended.", field: "until")
        }
        let day = digest.day(until: until)
        let queued: Int
        do {
            queued = try await store.queueDigests(from: day.lowerBound, until: day.upperBound, at: date)
        } catch {
            throw InviteService.problem(error)
        }
        if queued > 0 { delivery?.nudge() }
        return .ok(.init(body: .json(.init(queued: queued, until: until))))
    }
}
