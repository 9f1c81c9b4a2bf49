import BeckonAPI
import BeckonStore
import OpenAPIRuntime

/// The API operations whose types and routes are generated from `docs/openapi.json` (see
/// `Sources/BeckonAPI/openapi-generator-config.yaml`). A problem is thrown, never returned: the
/// generated server hands it on inside a `ServerError`, and `ServeHeaders` answers it as
/// `application/problem+json`, as it does for the operations routed by hand.
extension ServeRoutes: APIProtocol {
    func getInvite(_ input: Operations.GetInvite.Input) async throws -> Operations.GetInvite.Output {
        let record = try await service.invite(input.path.code)
        return .ok(.init(body: .json(try InviteResource.invite(record, link: service.link(record)))))
    }

    func sendInvite(_ input: Operations.SendInvite.Input) async throws -> Operations.SendInvite.Output {
        .ok(.init(body: .json(try await apply(.send, code: input.path.code, acceptLanguage: nil))))
    }

    func resendInvite(_ input: Operations.ResendInvite.Input) async throws -> Operations.ResendInvite.Output {
        .ok(
            .init(
                body: .json(
                    try await apply(.resend, code: input.path.code, acceptLanguage: input.headers.acceptLanguage))))
    }

    func cancelInvite(_ input: Operations.CancelInvite.Input) async throws -> Operations.CancelInvite.Output {
        .ok(.init(body: .json(try await apply(.cancel, code: input.path.code, acceptLanguage: nil))))
    }

    func listInvites(_ input: Operations.ListInvites.Input) async throws -> Operations.ListInvites.Output {
        let limit = try Self.limit(input.query.limit, default: 50, maximum: 200)
        let records = try await service.invites(sender: input.path.id, before: input.query.before, limit: limit)
        let page = Operations.ListInvites.Output.Ok.Body.JsonPayload(
            invites: try records.map { record throws(APIProblem) in
                try InviteResource.invite(record, link: service.link(record))
            },
            next: records.count == limit ? records.last?.invite.code.rawValue : nil)
        return .ok(.init(body: .json(page)))
    }

    func eraseSender(_ input: Operations.EraseSender.Input) async throws -> Operations.EraseSender.Output {
        let id = try Self.userID(input.path.id)
        let count: Int
        do {
            count = try await service.store.eraseSender(id)
        } catch {
            throw InviteService.problem(error)
        }
        // Pages and cards made with the sender's name or picture are not kept past the erasure.
        links.artifacts.removeAll()
        return .ok(.init(body: .json(.init(erased: count))))
    }

    func deleteAvatar(_ input: Operations.DeleteAvatar.Input) async throws -> Operations.DeleteAvatar.Output {
        let id = try Self.userID(input.path.id)
        let removed: Bool
        do {
            removed = try await service.store.removeAvatar(sender: id)
        } catch {
            throw InviteService.problem(error)
        }
        guard removed else { throw APIProblem.notFound("This user has no picture.") }
        return .noContent(.init())
    }

    func listEvents(_ input: Operations.ListEvents.Input) async throws -> Operations.ListEvents.Output {
        let limit = try Self.limit(input.query.limit, default: 100, maximum: 1_000)
        let after = input.query.after ?? 0
        guard after >= 0 else {
            throw APIProblem.badRequest("`after` must be the sequence of the last event read, or 0.", field: "after")
        }
        let events: [InviteEvent]
        do {
            events = try await service.store.events(after: Int64(after), limit: limit)
        } catch {
            throw InviteService.problem(error)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        events: try events.map { event throws(APIProblem) in try InviteResource.event(event) },
                        next: events.last.map { Int($0.sequence) } ?? after))))
    }

    /// Sends, resends or cancels an invite; a resent email invite gets its email again, stamped now.
    private func apply(
        _ action: InviteService.Action, code: String, acceptLanguage: String?
    ) async throws(APIProblem) -> Components.Schemas.Invite {
        let record = try await service.apply(action, code: code)
        let emails = action == .resend ? await self.emails(record, language: acceptLanguage, writing: true) : []
        return try InviteResource.invite(record, link: service.link(record), emails: emails)
    }
}
