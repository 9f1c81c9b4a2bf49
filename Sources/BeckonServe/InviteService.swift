import BeckonSite
import BeckonStore
import Crypto
import Foundation
import InviteModel
import InviteSecurity

/// The invite API's operations, without HTTP: creating invites (with the rate limit and an
/// idempotency key), the state transitions, a sender's list, the event feed and erasure. Each
/// maps a store outcome or a model refusal to an `APIProblem`.
struct InviteService: Sendable {
    let site: ServedSite
    let store: any InviteStore
    let keyring: LinkKeyring
    let limit: RateLimit
    /// How long created invites stay valid: the site's `expiry.days`, or `--expiry`.
    let expiry: ExpiryPolicy
    let resend: ResendPolicy
    let codes: InviteCodeGenerator
    /// The clock, so tests can move time.
    let now: @Sendable () -> Date
    /// The key of the requests' hashes kept with their idempotency keys (HMAC-SHA256, derived
    /// from the link key): the table alone never tells what a request held.
    let requestKey: SymmetricKey

    /// Creates an invite; a retry with the same idempotency key gets the same invite back.
    /// - Returns: The invite, and whether it was made by this request (201) or an earlier one (200).
    /// - Parameter language: The locale a refusal's message is for (the request's
    ///   `Accept-Language` among the site's locales).
    func create(
        _ request: NewInvite, idempotencyKey: String?, body: [UInt8], language: LocaleID
    ) async throws(APIProblem) -> (
        InviteRecord, created: Bool
    ) {
        let hash = requestHash(body, idempotencyKey: idempotencyKey)
        for _ in 0..<4 {
            let outcome: CreateOutcome
            do {
                outcome = try await store.create(
                    record(request), limit: limit, uniqueRecipient: site.config.invites.uniqueRecipient,
                    idempotencyKey: idempotencyKey, requestHash: hash)
            } catch {
                throw Self.problem(error)
            }
            switch outcome {
            case .created(let stored): return (stored, true)
            case .replayed(let stored): return (stored, false)
            case .codeTaken: continue
            case .limited, .keyReused, .recipientPending: throw refusal(outcome, language: language)
            }
        }
        throw .unavailable("No free invite code was found; try again.")
    }

    /// Creates one sender's invites all or none: a batch that would cross the rate limit stores
    /// nothing and is answered 429. Each invite's idempotency key is the request's key with its
    /// index, in a namespace of its own (`Idempotency-Key` has no spaces, these do), so a retry
    /// gets every invite back and no client key is ever one of them.
    func createAll(
        _ requests: [NewInvite], idempotencyKey: String?, body: [UInt8], language: LocaleID
    ) async throws(APIProblem) -> [(InviteRecord, created: Bool)] {
        let hash = requestHash(body, idempotencyKey: idempotencyKey)
        let keys = requests.indices.map { index in idempotencyKey.map { "\($0) bulk \(index)" } }
        for _ in 0..<4 {
            let outcome: CreateAllOutcome
            do {
                outcome = try await store.createAll(
                    requests.map(record), limit: limit, uniqueRecipient: site.config.invites.uniqueRecipient,
                    idempotencyKeys: keys, requestHash: hash)
            } catch {
                throw Self.problem(error)
            }
            switch outcome {
            case .stored(let outcomes):
                return outcomes.compactMap { outcome in
                    switch outcome {
                    case .created(let stored): (stored, true)
                    case .replayed(let stored): (stored, false)
                    case .limited, .keyReused, .codeTaken, .recipientPending: nil
                    }
                }
            case .refused(.codeTaken): continue
            case .refused(.recipientPending(let pending)):
                var problem = self.refusal(.recipientPending(pending), language: language)
                problem.field = requests.firstIndex { $0.recipient == pending.recipient }.map { "recipients[\($0)]" }
                throw problem
            case .refused(let refusal): throw self.refusal(refusal, language: language)
            }
        }
        throw .unavailable("No free invite code was found; try again.")
    }

    /// A new invite's record, with a fresh code.
    private func record(_ request: NewInvite) -> InviteRecord {
        let invite = Invite(
            senderID: request.senderID, code: codes.next(), context: request.context, contextID: request.contextID,
            channel: request.channel, createdAt: now(), expiry: expiry)
        return InviteRecord(
            invite: invite, senderFirstName: request.senderFirstName, recipient: request.recipient,
            locale: request.locale, variant: request.variant, contextTitle: request.contextTitle,
            inviteeFirstName: request.inviteeFirstName, senderGender: request.senderGender?.rawValue,
            senderEmail: request.senderEmail, senderLanguage: request.senderEmail == nil ? nil : request.senderLanguage)
    }

    /// The request's hash, kept with its idempotency key: a retry must send the same members (the
    /// decoded body written again, members sorted). Keyed with `requestKey`, so the digest of a
    /// guessed body (a list of first names) never matches one in the table.
    private func requestHash(_ body: [UInt8], idempotencyKey: String?) -> String? {
        idempotencyKey == nil ? nil : Self.hex(HMAC<SHA256>.authenticationCode(for: body, using: requestKey))
    }

    /// The problem for a create the store refused.
    private func refusal(_ outcome: CreateOutcome, language: LocaleID) -> APIProblem {
        if case .limited(let retryAt) = outcome { return rateLimited(retryAt, locale: language) }
        if case .recipientPending(let pending) = outcome {
            var problem = APIProblem.conflict(
                "This sender has a pending invite to this recipient (\(pending.invite.code.rawValue)); resend it or cancel it first."
            )
            problem.title = "Already invited"
            problem.code = "recipient.pending"
            problem.pendingCode = pending.invite.code.rawValue
            problem.message = site.message(Self.alreadyInvitedKey, in: language)
            return problem
        }
        return .conflict("This Idempotency-Key was used before with a different request; use a new key.")
    }

    /// Bytes as lower-case hex digits.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The invite with a code.
    func invite(_ code: String) async throws(APIProblem) -> InviteRecord {
        try await found(code) { code throws(StoreError) in try await store.invite(code: code) }
    }

    /// The invite with a code and its invitation job made last, read in one snapshot of the store.
    func inviteWithInvitation(_ code: String) async throws(APIProblem) -> InviteWithInvitation {
        try await found(code) { code throws(StoreError) in try await store.inviteWithInvitation(code: code) }
    }

    /// What `read` finds for a code: 404 for a code that is not one or that no invite has.
    private func found<Found>(
        _ code: String, _ read: (InviteCode) async throws(StoreError) -> Found?
    ) async throws(APIProblem) -> Found {
        guard let code = InviteCode(code) else { throw .notFound("No invite has this code.") }
        let found: Found?
        do {
            found = try await read(code)
        } catch {
            throw Self.problem(error)
        }
        guard let found else { throw .notFound("No invite has this code.") }
        return found
    }

    /// A state change, as one of the API's actions.
    enum Action: String, Sendable {
        case send, resend, accept, cancel
    }

    /// Applies an action to the invite with `code`.
    func apply(_ action: Action, code text: String, inviteeID: String? = nil) async throws(APIProblem) -> InviteRecord {
        guard let code = InviteCode(text) else { throw .notFound("No invite has this code.") }
        let date = now()
        let resend = self.resend
        let updated: InviteRecord?
        do {
            updated = try await store.update(code: code) { record in
                try Self.transition(&record.invite, action, at: date, inviteeID: inviteeID, resend: resend)
            }
        } catch .rejected(let message) {
            if message.hasPrefix(Self.tooSoonPrefix), let seconds = Int(message.dropFirst(Self.tooSoonPrefix.count)) {
                var problem = APIProblem(
                    status: .tooManyRequests, title: "Too soon",
                    detail: "This invite was sent less than \(Int(resend.cooldown / 60)) minutes ago; resend it later.")
                problem.retryAfter = seconds
                throw problem
            }
            throw .conflict(message)
        } catch {
            throw Self.problem(error)
        }
        guard let updated else { throw .notFound("No invite has this code.") }
        return updated
    }

    static let tooSoonPrefix = "too soon, retry after "

    /// The model's transitions for an action, and the events they make. Accepting an invite that
    /// was never opened through its link (the app was opened by a deep link) opens it first.
    static func transition(
        _ invite: inout Invite, _ action: Action, at date: Date, inviteeID: String?, resend: ResendPolicy
    ) throws -> [InviteEvent.Name] {
        let before = invite.status
        var events: [InviteEvent.Name] = []
        do {
            switch action {
            case .send:
                try invite.markSent(at: date)
                events = [.sent]
            case .resend:
                do {
                    try invite.resend(at: date, policy: resend)
                } catch .tooSoon(let retryAt) {
                    throw TransitionRefusal(
                        message: "\(tooSoonPrefix)\(max(1, Int(retryAt.timeIntervalSince(date).rounded(.up))))")
                } catch .notAllowed(let error) {
                    throw TransitionRefusal(message: describe(error))
                }
                events = [.resent]
            case .accept:
                if invite.status == .created, !invite.isPast(date) {
                    try invite.markSent(at: date)
                    events.append(.sent)
                }
                if invite.status == .sent, !invite.isPast(date) {
                    try invite.markOpened(at: date)
                    events.append(.opened)
                }
                try invite.accept(by: inviteeID ?? "", at: date)
                events.append(.accepted)
            case .cancel:
                try invite.cancel(at: date)
                events = [.cancelled]
            }
        } catch let error as InviteTransitionError {
            if invite.status == .expired, before != .expired {
                throw TransitionRefusal(message: "the invite has expired")
            }
            throw TransitionRefusal(message: describe(error))
        }
        return events
    }

    /// A refusal's message, without personal data.
    struct TransitionRefusal: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func describe(_ error: InviteTransitionError) -> String {
        "an invite that is \(error.status.rawValue) cannot be \(error.action.pastTense)"
    }

    /// A sender's invites, newest first.
    func invites(sender: String, before: String?, limit: Int) async throws(APIProblem) -> [InviteRecord] {
        guard InviteLink.isOpaqueID(sender) else { throw .badRequest("The user id is not an opaque id.", field: "id") }
        var cursor: InviteCode?
        if let before {
            guard let code = InviteCode(before) else {
                throw .badRequest("`before` must be an invite code from the previous page.", field: "before")
            }
            cursor = code
        }
        do {
            return try await store.invites(sender: sender, before: cursor, limit: limit)
        } catch {
            throw Self.problem(error)
        }
    }

    /// The codes of every invite a sender made, read a page at a time.
    func codes(sender: String) async throws(StoreError) -> Set<InviteCode> {
        var codes: Set<InviteCode> = []
        var before: InviteCode?
        while true {
            let page = try await store.invites(sender: sender, before: before, limit: 500)
            codes.formUnion(page.map(\.invite.code))
            guard page.count == 500, let last = page.last else { return codes }
            before = last.invite.code
        }
    }

    /// The signed link of an invite.
    func link(_ record: InviteRecord) -> String {
        keyring.sign(
            InviteLink(
                policy: site.config.links, target: InviteLink.Target(for: record.invite, form: site.config.links.form),
                expiresAt: record.invite.expiresAt,
                variant: record.variant)
        ).url
    }

    /// The answer to a sender over the limit, with the site's message in `locale` when it has one.
    /// The string of the site's source bundle a pending recipient's refusal carries, when it has one.
    static let alreadyInvitedKey = "inApp.alreadyInvited"

    func rateLimited(_ retryAt: Date, locale: LocaleID) -> APIProblem {
        var problem = APIProblem(
            status: .tooManyRequests, title: "Too many invites",
            detail:
                "This sender has sent \(limit.limit) invites in the last \(Int(limit.window / 3600)) hours. Try again tomorrow."
        )
        problem.retryAfter = max(1, Int(retryAt.timeIntervalSince(now()).rounded(.up)))
        problem.message = site.rateLimitKey.flatMap { site.message($0, in: locale) }
        return problem
    }

    static func problem(_ error: StoreError) -> APIProblem {
        switch error {
        case .unavailable: .unavailable("The invite store did not answer; try again.")
        case .rejected(let message): .conflict(message)
        }
    }
}

extension Invite {
    /// Whether the invite's expiry has passed at `date`.
    func isPast(_ date: Date) -> Bool { date >= expiresAt }
}

extension InviteTransitionError.Action {
    var pastTense: String {
        switch self {
        case .send: "sent"
        case .open: "opened"
        case .accept: "accepted"
        case .cancel: "cancelled"
        case .resend: "resent"
        }
    }
}
