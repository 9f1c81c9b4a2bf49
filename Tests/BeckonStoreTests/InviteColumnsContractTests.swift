import BeckonStore
import Foundation
import InviteModel
import Testing

/// Every column of `invites` written and read back with a value of its own, on every store and
/// every path that writes an invite (a create, a batch, an update): two columns swapped anywhere
/// would read back as each other's.
@Suite struct InviteColumnsContractTests {
    /// A record whose every field holds a value no other field holds (the state machine is not
    /// asked: this is about columns, not transitions).
    static func distinct(sender: String, offset: TimeInterval) -> InviteRecord {
        var invite = Invite(
            senderID: sender, code: InviteCodeGenerator().next(), context: .content, contextID: "ctx_\(sender)",
            channel: .sms, createdAt: Fixture.start.addingTimeInterval(offset))
        invite.status = .opened
        invite.inviteeID = "invitee_\(sender)"
        invite.sentAt = Fixture.start.addingTimeInterval(offset + 1.001)
        invite.resentAt = Fixture.start.addingTimeInterval(offset + 2.002)
        invite.openedAt = Fixture.start.addingTimeInterval(offset + 3.003)
        invite.acceptedAt = Fixture.start.addingTimeInterval(offset + 4.004)
        invite.cancelledAt = Fixture.start.addingTimeInterval(offset + 5.005)
        invite.expiresAt = Fixture.start.addingTimeInterval(offset + 86_400.006)
        return InviteRecord(
            invite: invite, senderFirstName: "First \(sender)", recipient: "+1415555\(sender.suffix(4))",
            locale: "de-DE", variant: "variant_\(sender)", contextTitle: "Title \(sender)"
        ).rounded
    }

    @Test(arguments: StoreFactory.all)
    func everyColumnReadsBackAsItsOwnField(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let single = Self.distinct(sender: "u_0001", offset: 0)
            #expect(
                try await store.create(single, limit: .friend, idempotencyKey: nil, requestHash: nil)
                    == .created(single))
            #expect(try await store.invite(code: single.invite.code) == single)
            #expect(try await store.invite(id: single.invite.id) == single)
            let batch = [Self.distinct(sender: "u_0002", offset: 10), Self.distinct(sender: "u_0002", offset: 20)]
            #expect(
                try await store.createAll(batch, limit: .friend, idempotencyKeys: [nil, nil], requestHash: nil)
                    == .stored(batch.map { .created($0) }))
            for record in batch { #expect(try await store.invite(code: record.invite.code) == record) }
            // An update writes every column back: each shifted by its own amount.
            var changed = single
            let updated = try await store.update(code: single.invite.code) { record in
                record.invite.inviteeID = "invitee_changed"
                record.invite.sentAt = record.invite.sentAt?.addingTimeInterval(10.010)
                record.invite.resentAt = record.invite.resentAt?.addingTimeInterval(20.020)
                record.invite.cancelledAt = record.invite.cancelledAt?.addingTimeInterval(30.030)
                record.contextTitle = "Title changed"
                return []
            }
            changed.invite.inviteeID = "invitee_changed"
            changed.invite.sentAt = single.invite.sentAt?.addingTimeInterval(10.010)
            changed.invite.resentAt = single.invite.resentAt?.addingTimeInterval(20.020)
            changed.invite.cancelledAt = single.invite.cancelledAt?.addingTimeInterval(30.030)
            changed.contextTitle = "Title changed"
            #expect(updated == changed.rounded)
            #expect(try await store.invite(code: single.invite.code) == changed.rounded)
            #expect(try await store.inviteAndAvatar(code: single.invite.code)?.record == changed.rounded)
        }
    }
}
