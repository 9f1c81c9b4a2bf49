import Foundation
import InviteModel
import PropertyBased
import Testing

@Suite struct JSONTests {
    @Test func invitesRoundTripWithStableKeys() async {
        let dates = Gen.int(in: 1_600_000_000_000...1_900_000_000_000)
        let context = Gen<InviteContext?>.element(of: InviteContext.allCases).map { $0! }
        let channel = Gen<InviteChannel?>.element(of: InviteChannel.allCases).map { $0! }
        await propertyCheck(input: dates, context, channel, Gen.letterOrNumber.string(of: 1...20)) {
            millis, context, channel, sender in
            var invite = Invite(
                senderID: sender, code: InviteCodeGenerator().next(), context: context, contextID: sender,
                channel: channel, createdAt: Date(timeIntervalSince1970: Double(millis) / 1000))
            try? invite.markSent(at: invite.createdAt.addingTimeInterval(1.5))
            let data = InviteJSON.encode(invite)
            #expect((try? InviteJSON.decode(data)) == invite)
            #expect(InviteJSON.encode((try? InviteJSON.decode(data)) ?? invite) == data)
        }
    }

    @Test func writesSchemaVersionAndISODates() throws {
        let invite = Invite(
            id: UUID(uuidString: "5F0C1E52-94B3-4F3C-9E6A-2D1C0B9A8F7E")!, senderID: "u_1",
            code: InviteCode("7KQ2M9XJ4PW3HNT")!, createdAt: Date(timeIntervalSince1970: 1_790_000_000.25))
        let text = String(decoding: InviteJSON.encode(invite), as: UTF8.self)
        #expect(text.contains("\"schemaVersion\" : 2"))
        #expect(text.contains("\"createdAt\" : \"2026-09-21T14:13:20.250Z\""))
        #expect(text.range(of: "\"channel\"")!.lowerBound < text.range(of: "\"code\"")!.lowerBound)
    }

    @Test func seed001InvitesAreMigrated() throws {
        let legacy = """
            {"id": "5F0C1E52-94B3-4F3C-9E6A-2D1C0B9A8F7E", "sender_id": "u_1", "invite_code": "ABCDEFGH",
             "context_type": "achievement", "context_id": "run-10k", "channel": "whatsapp", "status": "accepted",
             "invitee_id": "u_2", "created_at": "2026-01-01T00:00:00Z", "accepted_at": "2026-01-02T00:00:00Z",
             "expires_at": "2026-01-31T00:00:00Z"}
            """
        let invite = try InviteJSON.decode(Data(legacy.utf8))
        #expect(invite.context == .achievement)
        #expect(invite.status == .accepted)
        #expect(invite.channel == .whatsapp)
        #expect(Timestamp.string(from: invite.expiresAt) == "2026-01-31T00:00:00.000Z")
    }

    @Test(arguments: [
        ("[]", "an invite must be a JSON object"),
        ("{\"schemaVersion\": 9}", "unknown invite schema version 9"),
        ("{\"schemaVersion\": 2, \"id\": \"x\"}", "`id`"),
        ("not json", "not valid JSON"),
    ])
    func badDocumentsAreExplained(text: String, expected: String) {
        #expect(throws: InviteJSON.DecodingFailure.self) { try InviteJSON.decode(Data(text.utf8)) }
        do {
            _ = try InviteJSON.decode(Data(text.utf8))
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }
}
