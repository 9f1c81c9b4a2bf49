import BeckonAPI
import BeckonStore
import Foundation

/// `GET /v1/webhooks/deliveries`: what `--webhook` posted last, and whether the endpoint is
/// disabled.
struct WebhooksController: Sendable {
    let store: any InviteStore
    /// The webhooks' sender, or `nil` when the server posts none.
    let sender: WebhookSender?

    func listWebhookDeliveries(
        _ input: Operations.ListWebhookDeliveries.Input
    ) async throws -> Operations.ListWebhookDeliveries.Output {
        guard let sender else {
            throw APIProblem.unavailable("This server posts no webhooks (it was started without `--webhook`).")
        }
        let limit = try APIInput.limit(input.query.limit, default: 20, maximum: 100)
        let jobs: [OutboundJob]
        do {
            jobs = try await store.recentJobs(kind: .webhook, limit: limit)
        } catch {
            throw InviteService.problem(error)
        }
        let deliveries = try jobs.map { job throws(APIProblem) in
            Components.Schemas.WebhookDelivery(
                id: "msg_\(job.messageID)", event: job.event?.rawValue ?? "",
                inviteId: job.inviteID.uuidString.lowercased(),
                state: try InviteResource.schema(job.state), attempts: job.attempts, queuedAt: job.queuedAt,
                updatedAt: job.updatedAt,
                nextAttemptAt: job.state == .queued || job.state == .deferred ? job.dueAt : nil,
                lastReply: job.lastReply)
        }
        return .ok(.init(body: .json(.init(disabled: sender.isDisabled, deliveries: deliveries))))
    }
}
