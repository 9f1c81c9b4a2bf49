import BeckonAPI
import OpenAPIRuntime

/// The invite API as the generated server calls it (`docs/openapi.json`, `Sources/BeckonAPI`):
/// each operation handed to the controller of its resource. A problem is thrown, never
/// returned: the generated server hands it on inside a `ServerError`, and `ServeHeaders` answers
/// it as `application/problem+json`.
///
/// A class: the generated server copies its handler into every operation it runs, and a
/// reference is one retain where the controllers' fields were a dozen.
final class APIHandler: APIProtocol, Sendable {
    let invites: InvitesController
    let users: UsersController
    let events: EventsController
    let expiry: ExpiryController
    let digests: DigestsController
    let webhooks: WebhooksController

    init(
        invites: InvitesController, users: UsersController, events: EventsController, expiry: ExpiryController,
        digests: DigestsController, webhooks: WebhooksController
    ) {
        self.invites = invites
        self.users = users
        self.events = events
        self.expiry = expiry
        self.digests = digests
        self.webhooks = webhooks
    }

    func listWebhookDeliveries(
        _ input: Operations.ListWebhookDeliveries.Input
    ) async throws -> Operations.ListWebhookDeliveries.Output {
        try await webhooks.listWebhookDeliveries(input)
    }

    func sweepExpired(_ input: Operations.SweepExpired.Input) async throws -> Operations.SweepExpired.Output {
        try await expiry.sweepExpired(input)
    }

    func queueDigests(_ input: Operations.QueueDigests.Input) async throws -> Operations.QueueDigests.Output {
        try await digests.queueDigests(input)
    }

    func createInvite(_ input: Operations.CreateInvite.Input) async throws -> Operations.CreateInvite.Output {
        try await invites.createInvite(input)
    }

    func createInvites(_ input: Operations.CreateInvites.Input) async throws -> Operations.CreateInvites.Output {
        try await invites.createInvites(input)
    }

    func getInvite(_ input: Operations.GetInvite.Input) async throws -> Operations.GetInvite.Output {
        try await invites.getInvite(input)
    }

    func sendInvite(_ input: Operations.SendInvite.Input) async throws -> Operations.SendInvite.Output {
        try await invites.sendInvite(input)
    }

    func resendInvite(_ input: Operations.ResendInvite.Input) async throws -> Operations.ResendInvite.Output {
        try await invites.resendInvite(input)
    }

    func retryInvite(_ input: Operations.RetryInvite.Input) async throws -> Operations.RetryInvite.Output {
        try await invites.retryInvite(input)
    }

    func cancelInvite(_ input: Operations.CancelInvite.Input) async throws -> Operations.CancelInvite.Output {
        try await invites.cancelInvite(input)
    }

    func acceptInvite(_ input: Operations.AcceptInvite.Input) async throws -> Operations.AcceptInvite.Output {
        try await invites.acceptInvite(input)
    }

    func listInvites(_ input: Operations.ListInvites.Input) async throws -> Operations.ListInvites.Output {
        try await users.listInvites(input)
    }

    func eraseSender(_ input: Operations.EraseSender.Input) async throws -> Operations.EraseSender.Output {
        try await users.eraseSender(input)
    }

    func putAvatar(_ input: Operations.PutAvatar.Input) async throws -> Operations.PutAvatar.Output {
        try await users.putAvatar(input)
    }

    func deleteAvatar(_ input: Operations.DeleteAvatar.Input) async throws -> Operations.DeleteAvatar.Output {
        try await users.deleteAvatar(input)
    }

    func listEvents(_ input: Operations.ListEvents.Input) async throws -> Operations.ListEvents.Output {
        try await events.listEvents(input)
    }
}
