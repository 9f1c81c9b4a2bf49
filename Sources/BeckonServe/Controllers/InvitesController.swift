import BeckonAPI
import BeckonMessages
import BeckonSite
import BeckonStore
import Foundation
import InviteModel
import OpenAPIRuntime

/// The invite API's invites: create (one or a batch), read, send, resend, cancel and accept,
/// each answered with the invite's share message and, for an email invite, its invitation email.
/// Each operation reads its body as the generated code decoded it, once `APIRequestChecks` has
/// held its bytes to the document's shape.
struct InvitesController: Sendable {
    let site: ServedSite
    let service: InviteService
    let mailer: InviteMailer
    let metrics: ServeMetrics
    /// Wakes the delivery worker when a request queued an invitation; `nil` when the server
    /// delivers no email (no `--smtp`).
    var delivery: DeliveryWake? = nil
    /// Wakes the webhook worker when a request recorded an event (`nil` without `--webhook`).
    var webhooks: DeliveryWake? = nil
    /// Where notable events go (one line each, never a name, code or address).
    let log: @Sendable (String) -> Void

    func createInvite(_ input: Operations.CreateInvite.Input) async throws -> Operations.CreateInvite.Output {
        let payload: Operations.CreateInvite.Input.Body.JsonPayload
        switch input.body {
        case .json(let json): payload = json
        }
        var new = try NewInvite(
            senderID: payload.senderId, senderFirstName: payload.senderFirstName,
            senderGender: payload.senderGender?.rawValue, senderEmail: payload.senderEmail, context: payload.context,
            contextID: payload.contextId, contextTitle: payload.contextTitle, channel: payload.channel,
            recipient: payload.recipient, inviteeFirstName: payload.inviteeFirstName, locale: payload.locale,
            variant: payload.variant, config: site.config)
        try requireEmailValues(new)
        let key = try APIInput.idempotencyKey(input.headers.idempotencyKey)
        let language = input.headers.acceptLanguage
        new.senderLanguage = site.locale(acceptLanguage: language).rawValue
        try await refuseSuppressed(new, language: site.locale(acceptLanguage: language))
        let (record, created) = try await service.create(
            new, idempotencyKey: key, body: try APIInput.compared(payload, key: key),
            language: site.locale(acceptLanguage: language))
        if created { metrics.created() }
        // A retried request gets the email again, but only the first is put in the outbox.
        let emails = await self.emails(record, language: language, writing: created)
        let link = service.link(record)
        // The invitation's state is read before the worker is woken, so the answer says `queued`.
        var invite = try InviteResource.invite(
            record, link: link, emails: emails, share: shareMessage(record, link: link, language: language),
            delivery: try await deliveryState(record))
        if created { delivery?.nudge() }
        if created {
            invite.softWarning = try await sessionWarning(record, site.locale(acceptLanguage: language))
        }
        return created ? .created(.init(body: .json(invite))) : .ok(.init(body: .json(invite)))
    }

    /// Up to 20 invites from one sender in one request (seed 000 E3): every recipient is checked
    /// and duplicates (after normalising) are refused before any invite is made, and the invites
    /// are stored all or none (a batch that would cross the rate limit is a 429 with nothing
    /// stored). A recipient's `locale` overrides the request's.
    func createInvites(_ input: Operations.CreateInvites.Input) async throws -> Operations.CreateInvites.Output {
        let payload: Operations.CreateInvites.Input.Body.JsonPayload
        switch input.body {
        case .json(let json): payload = json
        }
        let recipients = payload.recipients
        guard !recipients.isEmpty else {
            throw APIProblem.badRequest("`recipients` must not be empty.", field: "recipients")
        }
        guard recipients.count <= BulkInvite<String>.maximum else {
            throw APIProblem.badRequest(
                "`recipients` holds \(recipients.count) entries; the most is \(BulkInvite<String>.maximum).",
                field: "recipients")
        }
        var requests: [NewInvite] = []
        var seen: [String: Int] = [:]
        let senderLanguage = site.locale(acceptLanguage: input.headers.acceptLanguage).rawValue
        for (index, recipient) in recipients.enumerated() {
            var new: NewInvite
            do {
                new = try NewInvite(
                    senderID: payload.senderId, senderFirstName: payload.senderFirstName,
                    senderGender: payload.senderGender?.rawValue, senderEmail: payload.senderEmail,
                    context: payload.context, contextID: payload.contextId, contextTitle: payload.contextTitle,
                    channel: recipient.channel,
                    recipient: recipient.recipient, inviteeFirstName: recipient.inviteeFirstName,
                    locale: recipient.locale ?? payload.locale, variant: payload.variant, config: site.config)
                try requireEmailValues(new)
            } catch {
                // A recipient's own member is named with its place in the list.
                var problem = error
                if let field = problem.field, ["recipient", "channel", "locale", "inviteeFirstName"].contains(field) {
                    problem.field = "recipients[\(index)].\(field)"
                }
                throw problem
            }
            new.senderLanguage = senderLanguage
            do {
                try await refuseSuppressed(new, language: LocaleID(senderLanguage) ?? site.config.locales.defaultLocale)
            } catch {
                var problem = error
                problem.field = "recipients[\(index)]"
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
        let key = try APIInput.idempotencyKey(input.headers.idempotencyKey)
        let compared = try APIInput.compared(payload, key: key)
        let language = site.locale(acceptLanguage: input.headers.acceptLanguage)
        var made: [Components.Schemas.Invite] = []
        for (record, created) in try await service.createAll(
            requests, idempotencyKey: key, body: compared, language: language)
        {
            if created { metrics.created() }
            let emails = await self.emails(record, language: input.headers.acceptLanguage, writing: created)
            let link = service.link(record)
            let share = shareMessage(record, link: link, language: input.headers.acceptLanguage)
            made.append(
                try InviteResource.invite(
                    record, link: link, emails: emails, share: share, delivery: try await deliveryState(record)))
        }
        delivery?.nudge()
        let warning =
            requests.count >= site.config.limits.softWarning ? softWarning("inApp.bulkWarning", language) : nil
        return .created(.init(body: .json(.init(invites: made, softWarning: warning))))
    }

    /// Seed 000 E3 and R14: a nudge the app may show, never a refusal, in the site's words
    /// (`key`) when it has them.
    private func softWarning(_ key: String, _ language: LocaleID) -> Components.Schemas.SoftWarning {
        let message = site.message(key, in: language)
        return .init(threshold: site.config.limits.softWarning, message: message?.text, locale: message?.locale)
    }

    /// Seed 000 R14 ("soft warning at 10 invites per session"): a create that is its sender's
    /// `limits.softWarning`-th or later in the last hour is answered with `inApp.sessionWarning`.
    /// One read of the sender's newest invites, at most the threshold.
    private func sessionWarning(
        _ record: InviteRecord, _ language: LocaleID
    ) async throws(APIProblem) -> Components.Schemas.SoftWarning? {
        let threshold = site.config.limits.softWarning
        let since = record.invite.createdAt.addingTimeInterval(-Self.session)
        let recent: [InviteRecord]
        do {
            recent = try await service.store.invites(sender: record.invite.senderID, before: nil, limit: threshold)
        } catch {
            throw InviteService.problem(error)
        }
        guard recent.count >= threshold, recent.allSatisfy({ $0.invite.createdAt > since }) else { return nil }
        return softWarning("inApp.sessionWarning", language)
    }

    /// How long a sender's run of creates counts as one session for the soft warning.
    static let session: TimeInterval = 3_600

    func getInvite(_ input: Operations.GetInvite.Input) async throws -> Operations.GetInvite.Output {
        .ok(.init(body: .json(try await inviteWithDelivery(input.path.code))))
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
        let payload: Operations.AcceptInvite.Input.Body.JsonPayload
        switch input.body {
        case .json(let json): payload = json
        }
        let invitee = try FieldRules.identifier(payload.inviteeId, "inviteeId")
        let record = try await service.apply(.accept, code: input.path.code, inviteeID: invitee)
        webhooks?.nudge()
        return .ok(.init(body: .json(try InviteResource.invite(record, link: service.link(record)))))
    }

    /// Sends, resends or cancels an invite; a resent email invite gets its email again, stamped now.
    private func apply(
        _ action: InviteService.Action, code: String, acceptLanguage: String?
    ) async throws(APIProblem) -> Components.Schemas.Invite {
        if action == .resend {
            // A resend to an address that unsubscribed would write and answer its email again.
            let current = try await service.invite(code)
            if let recipient = current.recipient {
                try await refuseSuppressed(
                    channel: current.invite.channel, recipient: recipient,
                    language: site.locale(acceptLanguage: acceptLanguage))
            }
        }
        let record = try await service.apply(action, code: code)
        let emails = action == .resend ? await self.emails(record, language: acceptLanguage, writing: true) : []
        if action == .resend { delivery?.nudge() }
        webhooks?.nudge()
        return try InviteResource.invite(
            record, link: service.link(record), emails: emails, delivery: try await deliveryState(record))
    }

    /// Refuses an email invite to an address that unsubscribed from the site's emails (RFC 8058;
    /// only on a site whose invitations are not transactional): nothing is stored or sent.
    private func refuseSuppressed(_ new: NewInvite, language: LocaleID) async throws(APIProblem) {
        guard let recipient = new.recipient else { return }
        try await refuseSuppressed(channel: new.channel, recipient: recipient, language: language)
    }

    /// `refuseSuppressed(_:language:)` for an invite's channel and recipient.
    private func refuseSuppressed(
        channel: InviteChannel, recipient: String, language: LocaleID
    ) async throws(APIProblem) {
        guard channel == .email else { return }
        let refused: Bool
        do {
            refused = try await mailer.suppressions.refuses(recipient)
        } catch {
            throw InviteService.problem(error)
        }
        guard refused else { return }
        var problem = APIProblem.conflict(
            "The recipient unsubscribed from this site's emails: no invite is made and nothing is sent.")
        problem.title = "Recipient unsubscribed"
        problem.code = "recipient.suppressed"
        problem.field = "recipient"
        problem.message = site.message(Suppressions.messageKey, in: language)
        throw problem
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
        // When the server delivers, the answer's message has the queued one's `Message-ID`.
        let queued = delivery == nil ? nil : try? await service.store.latestInvitation(inviteID: record.invite.id)
        let mails = await mailer.emails(
            for: record, link: service.link(record), language: site.locale(acceptLanguage: language),
            at: service.now(), writing: writing, messageID: queued?.messageID)
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

    /// The share message for an invite's channel (seed 001 §5.2: the text the sender's share
    /// sheet is filled with), with its own signed link: in the invite's locale, or the one
    /// `language` prefers among the site's; with the sender's first name (the anonymous stand-in
    /// once erased); its channel's link addressed to the recipient. `nil` on a site without
    /// `share` messages.
    func shareMessage(_ record: InviteRecord, link: String, language: String?) -> ShareMessage? {
        guard let pages = site.invitePages else { return nil }
        let invite = record.invite
        let locale = site.locale(of: record) ?? site.locale(acceptLanguage: language)
        return pages.messages.message(
            context: invite.context, code: invite.code, invite: LinkAnswerer.shown(record), channel: invite.channel,
            variant: record.variant, locale: locale, link: link,
            recipient: record.recipient.flatMap { Self.shareRecipient($0, channel: invite.channel) })
    }

    /// A stored recipient (in its normal form) as the address its channel's link takes.
    static func shareRecipient(_ recipient: String, channel: InviteChannel) -> ShareRecipient? {
        switch channel {
        case .sms, .imessage, .whatsapp: PhoneNumber(e164: recipient).map { ShareRecipient(phone: $0) }
        case .instagram: InstagramUsername(recipient).map { ShareRecipient(instagram: $0) }
        case .email: EmailAddress(recipient).map { ShareRecipient(email: $0) }
        case .copyLink, .airdrop, .other: nil
        }
    }
}
