import BeckonServe
import BeckonStore
import BeckonStoreSQLite
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `senderEmail` on create: checked and kept in its normal form with the request's language, for
/// the sender's notices only — never in an answer — and cleared by erasure.
@Suite struct SenderEmailTests {
    @Test func theAddressIsKeptForNoticesOnlyAndErased() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            func create(_ member: String, language: String? = nil) async throws -> TestResponse {
                var headers = ServeApplicationTests.auth
                if let language { headers[.acceptLanguage] = language }
                return try await client.execute(
                    uri: "/v1/invites", method: .post, headers: headers,
                    body: ByteBuffer(
                        string: #"{"senderId":"u_coach","senderFirstName":"Ana","channel":"copy_link"\#(member)}"#))
            }
            for bad in ["not an address", "ana@", "ana@example", "Ana <ana@example.test>", ""] {
                let refused = try await create(#","senderEmail":"\#(bad)""#)
                #expect(refused.status == .badRequest, "\(bad)")
                #expect(try ServeApplicationTests.json(refused)["field"] as? String == "senderEmail", "\(bad)")
            }
            // The sender's emails greet them by name: an address without one is refused.
            let nameless = try await client.execute(
                uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(
                    string: #"{"senderId":"u_coach","senderEmail":"ana@coach.example","channel":"copy_link"}"#))
            #expect(nameless.status == .badRequest)
            #expect(try ServeApplicationTests.json(nameless)["field"] as? String == "senderFirstName")
            let created = try await create(#","senderEmail":"Ana@Coach.Example""#, language: "de-DE,de;q=0.9")
            #expect(created.status == .created)
            let body = String(buffer: created.body).lowercased()
            #expect(!body.contains("coach.example"))
            let code = try #require(try ServeApplicationTests.json(created)["code"] as? String)
            let read = try await client.execute(
                uri: "/v1/invites/\(code)", method: .get, headers: ServeApplicationTests.auth)
            #expect(!String(buffer: read.body).lowercased().contains("coach.example"))
            #expect(
                try await client.execute(
                    uri: "/v1/users/u_coach/erase", method: .post, headers: ServeApplicationTests.auth
                )
                .status == .ok)
        }
        // What the store kept, and what erasure left.
        let store = try SQLiteInviteStore(path: folder.path("invites.sqlite").path)
        let records = try await store.invites(sender: "u_coach", before: nil, limit: 10)
        #expect(records.count == 1)
        #expect(records.first?.senderEmail == nil && records.first?.senderLanguage == nil)
    }

    @Test func withoutAnAddressNoLanguageIsKept() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            var headers = ServeApplicationTests.auth
            headers[.acceptLanguage] = "de-DE"
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"senderId":"u_2","senderFirstName":"Ana","channel":"copy_link"}"#))
            #expect(created.status == .created)
        }
        let store = try SQLiteInviteStore(path: folder.path("invites.sqlite").path)
        let record = try #require(try await store.invites(sender: "u_2", before: nil, limit: 1).first)
        #expect(record.senderEmail == nil && record.senderLanguage == nil)
    }
}
