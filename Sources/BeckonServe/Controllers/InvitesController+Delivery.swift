import BeckonAPI
import BeckonStore
import InviteModel

/// The invites' delivery (`--smtp`): where an invitation stands in the queue, and the retry of a
/// failed one.
extension InvitesController {
    /// Seed 003's "Error – Retry": a failed invitation queued again.
    func retryInvite(_ input: Operations.RetryInvite.Input) async throws -> Operations.RetryInvite.Output {
        guard let delivery else {
            throw APIProblem.unavailable("This server delivers no email (it was started without `--smtp`).")
        }
        let record = try await service.invite(input.path.code)
        guard [.created, .sent, .opened].contains(record.invite.status) else {
            throw APIProblem.conflict(
                "The invite is \(record.invite.status.rawValue): its invitation is not sent any more.")
        }
        let code = record.invite.code
        let outcome: RetryOutcome
        do {
            outcome = try await service.store.retryInvitation(code: code, at: service.now())
        } catch {
            throw InviteService.problem(error)
        }
        switch outcome {
        case .noInvite:
            throw APIProblem.notFound("No invite has this code.")
        case .notFailed(let job):
            throw APIProblem.conflict(
                job.map { "The invite's invitation is \($0.state.rawValue), not failed." }
                    ?? "The invite has no invitation email to retry.")
        case .queued:
            delivery.nudge()
            return .ok(.init(body: .json(try await inviteWithDelivery(input.path.code))))
        }
    }

    /// The invite with `code` as the API shows it, with where its invitation stands when the
    /// server delivers email: both read in one snapshot of the store, so a delivery finished
    /// between two reads cannot show a delivered invitation beside an invite not yet sent.
    func inviteWithDelivery(_ code: String) async throws(APIProblem) -> Components.Schemas.Invite {
        guard delivery != nil else {
            let record = try await service.invite(code)
            return try InviteResource.invite(record, link: service.link(record))
        }
        let found = try await service.inviteWithInvitation(code)
        return try InviteResource.invite(
            found.record, link: service.link(found.record),
            delivery: try deliveryState(found.invitation, of: found.record))
    }

    /// Where an email invite's invitation stands in the queue, when the server delivers email.
    func deliveryState(_ record: InviteRecord) async throws(APIProblem) -> Components.Schemas.Delivery? {
        guard delivery != nil, record.invite.channel == .email else { return nil }
        let job: OutboundJob?
        do {
            job = try await service.store.latestInvitation(inviteID: record.invite.id)
        } catch {
            throw InviteService.problem(error)
        }
        return try deliveryState(job, of: record)
    }

    /// `job` as the API shows an email invite's delivery; `nil` for other channels.
    private func deliveryState(
        _ job: OutboundJob?, of record: InviteRecord
    ) throws(APIProblem) -> Components.Schemas.Delivery? {
        guard let job, record.invite.channel == .email else { return nil }
        return try InviteResource.delivery(job, domain: site.config.app.baseURL.host)
    }
}
