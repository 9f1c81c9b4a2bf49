import BeckonStore
import Foundation
import InviteModel

/// Invites for the store tests, with personal data in every optional field.
enum Fixture {
    /// A moment with a fraction of a millisecond, which invites round away.
    static let start = Date(timeIntervalSince1970: 1_790_000_000.123_4)

    static func record(
        sender: String = "u_1", code: InviteCode = InviteCodeGenerator().next(), at date: Date = start,
        expiry: ExpiryPolicy = .friend
    ) -> InviteRecord {
        InviteRecord(
            invite: Invite(
                senderID: sender, code: code, context: .achievement, contextID: "ach_7", channel: .whatsapp,
                createdAt: date, expiry: expiry),
            senderFirstName: "Maya 🏖️", recipient: "+4915123456789", locale: "de-DE", variant: "context-rich",
            contextTitle: "Erster 10-km-Lauf", inviteeFirstName: "Sam", senderGender: "female"
        )
    }

    /// Stores `record` with the friend limit and no key, and returns it as stored.
    @discardableResult
    static func create(_ record: InviteRecord, in store: any InviteStore) async throws -> InviteRecord {
        let outcome = try await store.create(record, limit: .friend, idempotencyKey: nil, requestHash: nil)
        guard case .created(let stored) = outcome else { throw FixtureError.notCreated(outcome) }
        return stored
    }

    /// Every event in the store, oldest first.
    static func allEvents(in store: any InviteStore) async throws -> [InviteEvent] {
        try await store.events(after: 0, limit: 100_000)
    }
}

enum FixtureError: Error {
    case notCreated(CreateOutcome)
}
