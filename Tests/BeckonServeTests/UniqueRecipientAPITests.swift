import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Seed 003 #3 on SelfFull (`invites.uniqueRecipient: true`): a coach invites an address once
/// while its invite is pending; the refusal names the pending invite, in the coach's language.
@Suite struct UniqueRecipientAPITests {
    @Test func aPendingAddressIsRefusedNamingItsInvite() async throws {
        let folder = TemporaryDirectory()
        let server = try await ServeApplicationTests.selffull(in: folder)
        try await server.application().test(.router) { client in
            func create(_ recipient: String) async throws -> TestResponse {
                var headers = ServeApplicationTests.auth
                headers[.acceptLanguage] = "de"
                let body =
                    #"{"senderId":"coach_1","senderFirstName":"Dana","channel":"email","recipient":"\#(recipient)","contextTitle":"Strength basics"}"#
                return try await client.execute(
                    uri: "/v1/invites", method: .post, headers: headers, body: ByteBuffer(string: body))
            }
            let first = try await create("client@example.org")
            #expect(first.status == .created)
            let code = try #require(try ServeApplicationTests.json(first)["code"] as? String)

            let again = try await create("Client@Example.org")
            #expect(again.status == .conflict && again.headers[.contentLanguage] == "de-DE")
            let problem = try ServeApplicationTests.json(again)
            #expect(problem["pendingCode"] as? String == code)
            #expect((problem["message"] as? String)?.contains("offene Einladung") == true)
            #expect(!String(buffer: again.body).contains("client@example.org"))

            let bulk = try await client.execute(
                uri: "/v1/invites/bulk", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(
                    string:
                        #"{"senderId":"coach_1","senderFirstName":"Dana","contextTitle":"Strength basics","recipients":[{"channel":"email","recipient":"new@example.org"},{"channel":"email","recipient":"client@example.org"}]}"#
                ))
            #expect(bulk.status == .conflict, "\(String(buffer: bulk.body))")
            let refused = try ServeApplicationTests.json(bulk)
            #expect(refused["field"] as? String == "recipients[1]" && refused["pendingCode"] as? String == code)
            // Nothing of the batch was stored: the first recipient can still be invited alone.
            #expect(try await create("new@example.org").status == .created)

            let cancelled = try await client.execute(
                uri: "/v1/invites/\(code)/cancel", method: .post, headers: ServeApplicationTests.auth)
            #expect(cancelled.status == .ok)
            #expect(try await create("client@example.org").status == .created)
        }
    }
}
