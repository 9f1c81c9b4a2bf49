import BeckonFunnel
import Foundation
import InviteModel

/// Where a link service keeps invites and their events. Every method is atomic: a create checks
/// the sender's rate limit and the idempotency key and inserts in one transaction, and an update
/// reads, changes and writes an invite in one, so concurrent requests (or several server
/// processes on one database) never exceed a limit, lose an update or accept an invite twice.
public protocol InviteStore: OutboundQueue {
    /// Stores a new invite and its `invite_created` event, unless the sender already created
    /// `limit.limit` invites in the `limit.window` before `record.invite.createdAt`,
    /// `idempotencyKey` was used before by the same sender, or (with `uniqueRecipient`) the
    /// sender has a pending invite (created, sent or opened, not past its expiry) to the same
    /// recipient. The checks run in that order, under the sender's lock.
    ///
    /// - Parameters:
    ///   - uniqueRecipient: Whether a recipient may have one pending invite per sender
    ///     (`invites.uniqueRecipient`, seed 003 #3).
    ///   - idempotencyKey: The client's key for this request (`Idempotency-Key`), or `nil`.
    ///   - requestHash: A digest of the request that carried the key: a retry with the same key and
    ///     the same digest gets the first invite back; the same key with another digest is refused.
    func create(
        _ record: InviteRecord, limit: RateLimit, uniqueRecipient: Bool, idempotencyKey: String?,
        requestHash: String?
    ) async throws(StoreError) -> CreateOutcome

    /// Stores several invites of one sender in one transaction, all or none, each as `create`
    /// would with its own idempotency key: the rate limit counts the ones before it in the same
    /// call, so a batch that would cross the limit stores nothing.
    /// - Returns: `.stored` with each record's outcome (`.created` or `.replayed`), or
    ///   `.refused` with the first refusal (`.limited`, `.keyReused`, `.codeTaken`,
    ///   `.recipientPending`), nothing stored.
    func createAll(
        _ records: [InviteRecord], limit: RateLimit, uniqueRecipient: Bool, idempotencyKeys: [String?],
        requestHash: String?
    ) async throws(StoreError) -> CreateAllOutcome

    /// The invite with this code, or `nil`.
    func invite(code: InviteCode) async throws(StoreError) -> InviteRecord?

    /// The invite with this code and when its sender's picture was last kept (`nil` without one),
    /// in one read: what answering a link needs.
    func inviteAndAvatar(code: InviteCode) async throws(StoreError) -> (record: InviteRecord, avatarUpdatedAt: Date?)?

    /// The invite with this id (what an invite token names), or `nil`.
    func invite(id: UUID) async throws(StoreError) -> InviteRecord?

    /// A sender's invites, newest first, `limit` at a time; `before` is the last code of the
    /// previous page (its `createdAt` and code order the list).
    func invites(sender: String, before: InviteCode?, limit: Int) async throws(StoreError) -> [InviteRecord]

    /// Reads the invite with `code`, lets `change` modify it, and writes it back with the events
    /// `change` returns, in one transaction. Returns the invite as written, or `nil` when no invite
    /// has the code. An error thrown by `change` writes nothing and is passed on as `.rejected`.
    func update(
        code: InviteCode, _ change: @Sendable (inout InviteRecord) throws -> [InviteEvent.Name]
    ) async throws(StoreError) -> InviteRecord?

    /// Events after `sequence`, oldest first, at most `limit`.
    func events(after sequence: Int64, limit: Int) async throws(StoreError) -> [InviteEvent]

    /// Moves every invite that is not terminal and whose `expiresAt` is at or before `date` to
    /// `expired`, with an `invite_expired` event each; returns how many moved.
    func expire(at date: Date) async throws(StoreError) -> Int

    /// Clears the sender's and the invitee's first names, the sender's address and the recipient of every invite this sender made (the links keep
    /// working, without personalization), removes the sender's picture and the sender's
    /// idempotency keys with their requests' hashes; returns how many invites changed.
    func eraseSender(_ senderID: String) async throws(StoreError) -> Int

    /// Keeps a sender's picture (the PNG `AvatarPicture` makes), replacing an earlier one.
    func setAvatar(_ png: [UInt8], sender: String, at date: Date) async throws(StoreError)

    /// A sender's picture, or `nil`.
    func avatar(sender: String) async throws(StoreError) -> [UInt8]?

    /// When a sender's picture was last kept, or `nil` without one: what tells one picture from
    /// the next, read without the picture's bytes.
    func avatarUpdatedAt(sender: String) async throws(StoreError) -> Date?

    /// Removes a sender's picture; returns whether there was one.
    func removeAvatar(sender: String) async throws(StoreError) -> Bool

    /// Records a tap on the store button of an invite's page: the click, kept for an install's
    /// claim, and an `invite_store_clicked` event with its platform, in one transaction.
    /// - Returns: `false` when no invite has the code (nothing is recorded).
    func recordStoreClick(_ click: StoreClick) async throws(StoreError) -> Bool

    /// Claims an install in one transaction. A link names its invite; a window matches the invite
    /// of the unclaimed clicks with one of the hashes on the claim's platform since its start, and
    /// no invite when the clicks name two or more. The invite's unclaimed clicks are claimed with it, and its
    /// first claim records `invite_app_installed` with the platform and method.
    /// - Returns: The invite, or `nil` when nothing matched (nothing is recorded).
    func claimInstall(_ claim: InstallClaim) async throws(StoreError) -> InstallMatch?

    /// Deletes the store clicks made before `date` (their client hashes are kept no longer than
    /// a claim may use them); returns how many.
    func purgeStoreClicks(before date: Date) async throws(StoreError) -> Int

    /// Adds an address to the Android waiting list.
    /// - Returns: `false` when the address is on the list already (the first entry is kept).
    func joinWaitlist(_ entry: WaitlistEntry) async throws(StoreError) -> Bool

    /// The waiting list, oldest first.
    func waitlist() async throws(StoreError) -> [WaitlistEntry]

    /// Removes an address from the waiting list; returns whether it was there.
    func leaveWaitlist(address: String) async throws(StoreError) -> Bool

    /// Adds an address to the suppression list (RFC 8058's one-click unsubscribe), as its keyed
    /// hash (never the address), at `date`.
    /// - Returns: `false` when it was on the list already (its first time is kept).
    func suppress(addressHash: String, at date: Date) async throws(StoreError) -> Bool

    /// Whether the address is on the suppression list under any of its keyed hashes (one per
    /// link key the server holds).
    func isSuppressed(addressHashes: [String]) async throws(StoreError) -> Bool

    /// Records the app's events in one transaction, each with its invite's id, sender, context
    /// and channel when it names a code; an event whose client event id was recorded before is
    /// counted as repeated and recorded again nowhere.
    /// - Returns: `.recorded`, or `.unknownCode` (nothing recorded) when an event names a code no
    ///   invite has.
    func recordAppEvents(_ events: [AppEvent]) async throws(StoreError) -> AppEventOutcome

    /// The funnel of the invites created in `[from, to)` (either end open when `nil`), grouped by
    /// `dimension` (one group, `all`, when `nil`): per group, the invites created, sent, opened,
    /// whose store button was tapped, installed and accepted, and their distinct senders. A stage
    /// counts an invite that reached it or a later one of created → sent → opened → accepted;
    /// store clicks and installs count invites with such an event. Groups come in name order.
    func funnel(by dimension: FunnelDimension?, from: Date?, to: Date?) async throws(StoreError) -> FunnelCounts

    /// Keeps the experiment of these arms with these weights, at `date` when they are new. A
    /// server calls it at start with its site's `share.variants`.
    /// - Returns: The experiment as it was kept before, when the same arms had other weights (they
    ///   are replaced, from `date`); `nil` for a new experiment or unchanged weights.
    func recordExperiment(weights: [String: Int], at date: Date) async throws(StoreError) -> ExperimentRecord?

    /// Whether the database answers; throws when it does not.
    func ping() async throws(StoreError)

    /// What the store keeps of links' lookups between changes, or `nil` when it keeps none.
    var linkLookupUsage: LinkLookupUsage? { get }
}

extension InviteStore {
    /// A store that looks every link up keeps nothing.
    public var linkLookupUsage: LinkLookupUsage? { nil }
}

/// How a store that keeps links' lookups between changes (PostgreSQL, with a lifetime) answered
/// them since it opened, and what it keeps now.
public struct LinkLookupUsage: Sendable, Hashable {
    /// Whether it listens for changes now, so that lookups may be kept.
    public var listening: Bool
    /// The invites kept now.
    public var invites: Int
    /// Lookups answered from what was kept.
    public var fromMemory: Int
    /// Lookups that asked the database.
    public var fromDatabase: Int

    public init(listening: Bool, invites: Int, fromMemory: Int, fromDatabase: Int) {
        self.listening = listening
        self.invites = invites
        self.fromMemory = fromMemory
        self.fromDatabase = fromDatabase
    }
}

extension InviteStore {
    /// `create` without the pending-recipient check.
    public func create(
        _ record: InviteRecord, limit: RateLimit, idempotencyKey: String?, requestHash: String?
    ) async throws(StoreError) -> CreateOutcome {
        try await create(
            record, limit: limit, uniqueRecipient: false, idempotencyKey: idempotencyKey, requestHash: requestHash)
    }

    /// `createAll` without the pending-recipient check.
    public func createAll(
        _ records: [InviteRecord], limit: RateLimit, idempotencyKeys: [String?], requestHash: String?
    ) async throws(StoreError) -> CreateAllOutcome {
        try await createAll(
            records, limit: limit, uniqueRecipient: false, idempotencyKeys: idempotencyKeys, requestHash: requestHash)
    }
}

/// What `InviteStore.create` did.
public enum CreateOutcome: Sendable, Hashable {
    /// A new invite was stored.
    case created(InviteRecord)
    /// The idempotency key was used before with the same request: this is the invite it made.
    case replayed(InviteRecord)
    /// The sender is at the rate limit; a slot frees up at `retryAt`.
    case limited(retryAt: Date)
    /// The idempotency key was used before with a different request.
    case keyReused
    /// Another invite already has this code (draw a new one and try again).
    case codeTaken
    /// The sender has a pending invite to the same recipient: this one.
    case recipientPending(InviteRecord)
}

/// What `InviteStore.createAll` did.
public enum CreateAllOutcome: Sendable, Hashable {
    /// Every invite was stored or replayed: each one's outcome, in order.
    case stored([CreateOutcome])
    /// One invite would have been refused, so none was stored: its outcome.
    case refused(CreateOutcome)
}

/// The refusal that rolls back an all-or-nothing batch of creates, carried out of the
/// transaction by the stores.
public struct RefusedBatch: Error, Sendable {
    public let outcome: CreateOutcome

    public init(_ outcome: CreateOutcome) {
        self.outcome = outcome
    }

    /// `outcome` when it stores an invite; thrown otherwise, so the transaction rolls back.
    public static func stored(_ outcome: CreateOutcome) throws -> CreateOutcome {
        switch outcome {
        case .created, .replayed: return outcome
        case .limited, .keyReused, .codeTaken, .recipientPending: throw RefusedBatch(outcome)
        }
    }
}

/// A store failure, without personal data in its message.
public enum StoreError: Error, Sendable, Hashable {
    /// The database could not be reached or refused the operation.
    case unavailable(String)
    /// The change function refused the update (an invalid transition, a resend too soon).
    case rejected(String)
}
