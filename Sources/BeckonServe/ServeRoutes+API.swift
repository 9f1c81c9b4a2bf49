import BeckonAPI
import BeckonCards
import BeckonStore
import Foundation
import HTTPTypes
import InviteModel
import NIOCore
import OpenAPIRuntime

/// The invite API: every operation of `docs/openapi.json`, whose types and routes are generated
/// (`Sources/BeckonAPI`). The generated code decodes each request as the document describes it
/// (`APIRequestChecks` has read the body first: bounded, strict JSON); the members of a new
/// invite are then checked as `RequestFields` reads them, from the body `APIRequestChecks` parsed
/// (`APIRequestAsSent.body`).
/// A problem is thrown, never returned: the generated server hands it on inside a
/// `ServerError`, and `ServeHeaders` answers it as `application/problem+json`.
extension ServeRoutes: APIProtocol {
    func createInvite(_ input: Operations.CreateInvite.Input) async throws -> Operations.CreateInvite.Output {
        let payload: Operations.CreateInvite.Input.Body.JsonPayload
        switch input.body {
        case .json(let json): payload = json
        }
        let new = try NewInvite(try Self.fields(allowed: NewInvite.members), config: site.config)
        try requireEmailValues(new)
        let key = try Self.idempotencyKey(APIRequestAsSent.current.idempotencyKey)
        let language = input.headers.acceptLanguage
        let (record, created) = try await service.create(
            new, idempotencyKey: key, body: try Self.compared(payload, key: key),
            language: site.locale(acceptLanguage: language))
        if created { metrics.created() }
        // A retried request gets the email again, but only the first is put in the outbox.
        let emails = await self.emails(record, language: language, writing: created)
        let link = service.link(record)
        let invite = try InviteResource.invite(
            record, link: link, emails: emails, share: shareMessage(record, link: link, language: language))
        return created ? .created(.init(body: .json(invite))) : .ok(.init(body: .json(invite)))
    }

    /// Up to 20 invites from one sender in one request (seed 000 E3): every recipient is checked
    /// and duplicates (after normalising) are refused before any invite is made, and the invites
    /// are stored all or none (a batch that would cross the rate limit is a 429 with nothing
    /// stored).
    func createInvites(_ input: Operations.CreateInvites.Input) async throws -> Operations.CreateInvites.Output {
        let payload: Operations.CreateInvites.Input.Body.JsonPayload
        switch input.body {
        case .json(let json): payload = json
        }
        let fields = try Self.fields(
            allowed: NewInvite.members.subtracting(["recipient", "channel"]).union(["recipients"]))
        let recipients = try fields.objects(
            "recipients", allowed: NewInvite.recipientMembers, maximum: BulkInvite<String>.maximum)
        var requests: [NewInvite] = []
        var seen: [String: Int] = [:]
        for (index, recipient) in recipients.enumerated() {
            var merged = fields.merging(recipient)
            merged.remove("recipients")
            let new: NewInvite
            do {
                new = try NewInvite(merged, config: site.config)
                try requireEmailValues(new)
            } catch {
                var problem = error
                problem.field = problem.field.map { "recipients[\(index)].\($0)" }
                throw problem
            }
            let key = "\(new.channel.rawValue):\((new.recipient ?? "").lowercased())"
            if new.recipient != nil, let first = seen[key] {
                throw APIProblem.badRequest(
                    "`recipients[\(index)]` is the same person as `recipients[\(first)]`.",
                    field: "recipients[\(index)]")
            }
            seen[key] = index
            requests.append(new)
        }
        let key = try Self.idempotencyKey(APIRequestAsSent.current.idempotencyKey)
        let compared = try Self.compared(payload, key: key)
        let language = site.locale(acceptLanguage: input.headers.acceptLanguage)
        var made: [Components.Schemas.Invite] = []
        for (record, created) in try await service.createAll(
            requests, idempotencyKey: key, body: compared, language: language)
        {
            if created { metrics.created() }
            let emails = await self.emails(record, language: input.headers.acceptLanguage, writing: created)
            let link = service.link(record)
            let share = shareMessage(record, link: link, language: input.headers.acceptLanguage)
            made.append(try InviteResource.invite(record, link: link, emails: emails, share: share))
        }
        return .created(.init(body: .json(.init(invites: made))))
    }

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

    func acceptInvite(_ input: Operations.AcceptInvite.Input) async throws -> Operations.AcceptInvite.Output {
        let fields = try Self.fields(allowed: ["inviteeId"])
        let invitee = try fields.identifier("inviteeId", required: true)
        let record = try await service.apply(.accept, code: input.path.code, inviteeID: invitee)
        return .ok(.init(body: .json(try InviteResource.invite(record, link: service.link(record)))))
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
        // Pages and cards made with the sender's name or picture are not kept past the erasure:
        // those being made now, from invites read before it, are let go once made.
        links.artifacts.removeAll()
        do {
            let codes = try await service.codes(sender: id)
            count = try await service.store.eraseSender(id)
            // The emails still waiting in the outbox hold the sender's name and recipients.
            mailer.outbox?.remove(codes: codes)
        } catch {
            throw InviteService.problem(error)
        }
        links.artifacts.removeAll()
        return .ok(.init(body: .json(.init(erased: count))))
    }

    /// A PNG or JPEG of at most 1 MB (and 4096 pixels a side), decoded within the picture limits
    /// off the event loops (`PictureWorkers`), cropped to a square and kept as a PNG its
    /// invites' cards draw.
    func putAvatar(_ input: Operations.PutAvatar.Input) async throws -> Operations.PutAvatar.Output {
        let id = try Self.userID(input.path.id)
        let body: HTTPBody
        switch input.body {
        case .png(let png): body = png
        case .jpeg(let jpeg): body = jpeg
        }
        let bytes: [UInt8]
        do {
            bytes = try await [UInt8](collecting: body, upTo: AvatarPicture.maximumBytes)
        } catch {
            throw APIProblem(
                status: .contentTooLarge, title: "Picture too large",
                detail: "A picture may be at most \(AvatarPicture.maximumBytes / 1024) KB.")
        }
        let picture = try await pictures.normalized(bytes)
        do {
            try await service.store.setAvatar(picture, sender: id, at: service.now())
        } catch {
            throw InviteService.problem(error)
        }
        return .noContent(.init())
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

    /// Refuses an email invite without what its email shows: the sender's first name, and the
    /// context title when the site's invitation email names it.
    private func requireEmailValues(_ new: NewInvite) throws(APIProblem) {
        guard new.channel == .email, let pages = site.invitePages, pages.hasInvitationEmails else { return }
        if new.senderFirstName?.isEmpty ?? true {
            throw .badRequest("An email invite needs `senderFirstName`: its email shows it.", field: "senderFirstName")
        }
        if new.contextTitle?.isEmpty ?? true, pages.invitationEmailsShowContextTitle {
            throw .badRequest(
                "An email invite needs `contextTitle` on this site: its invitation email shows it.",
                field: "contextTitle")
        }
    }

    /// An email invite's invitation emails, sent now; in the outbox too when `writing`. Emails
    /// that fail the email rules are counted by rule and logged without the invite's values.
    func emails(_ record: InviteRecord, language: String?, writing: Bool) async -> [InviteMailer.Mail] {
        guard mailer.mails(record) else { return [] }
        let mails = await mailer.emails(
            for: record, link: service.link(record), language: site.locale(acceptLanguage: language),
            at: service.now(), writing: writing)
        for mail in mails {
            for rule in mail.failedRules { metrics.emailFailed(rule) }
            if !mail.failedRules.isEmpty || mail.problem != nil {
                let reason =
                    mail.failedRules.isEmpty
                    ? mail.problem ?? ""
                    : "not made: it failed \(mail.failedRules.map(\.rawValue).joined(separator: ", "))"
                log("the email `\(mail.template)` of invite \(record.invite.code.rawValue.prefix(4))…: \(reason)")
            }
            if mail.file != nil { metrics.emailWritten() }
        }
        return mails
    }

    /// A JSON body's members, each one of `allowed`, read from the body as `APIRequestChecks`
    /// parsed it. It parses every body the generated code decodes as JSON on these routes; an
    /// operation reached without one is refused rather than read another way.
    private static func fields(allowed: Set<String>) throws(APIProblem) -> RequestFields {
        guard let body = APIRequestAsSent.current.body else { throw .badRequest("The body must be a JSON object.") }
        return try RequestFields(body, allowed: allowed)
    }

    /// What an idempotency key's request is compared by: the decoded body written again, members
    /// sorted, so the same request in other spacing or order is the same; nothing without a key.
    private static func compared(_ payload: some Encodable, key: String?) throws -> [UInt8] {
        key == nil ? [] : Array(try APIJSON.encoded(payload))
    }

    /// The `{id}` of a `/v1/users/{id}/…` path, which must be an opaque id.
    static func userID(_ id: String) throws(APIProblem) -> String {
        guard InviteLink.isOpaqueID(id) else {
            throw APIProblem.badRequest("The user id is not an opaque id.", field: "id")
        }
        return id
    }

    /// `Idempotency-Key` as sent: 1 to 255 visible ASCII characters, or none.
    static func idempotencyKey(_ key: String?) throws(APIProblem) -> String? {
        guard let key else { return nil }
        guard (1...255).contains(key.count), key.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value <= 0x7E })
        else {
            throw .badRequest("`Idempotency-Key` must be 1 to 255 visible ASCII characters.", field: "Idempotency-Key")
        }
        return key
    }

    /// The `limit` query parameter, `value` when it is absent.
    static func limit(_ given: Int?, default value: Int, maximum: Int) throws(APIProblem) -> Int {
        guard let limit = given else { return value }
        guard (1...maximum).contains(limit) else {
            throw .badRequest("`limit` must be a number from 1 to \(maximum).", field: "limit")
        }
        return limit
    }
}
