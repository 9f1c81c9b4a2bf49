import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InviteModel
import NIOCore
import Testing

/// `beckon serve --expiry`: invites that expire in seconds, so expiry can be watched happening
/// through the API, the sweep and the link's page.
@Suite struct ExpiryOverrideTests {
    @Test func anInviteExpiresAfterTheServersLengthAndItsLinkSaysSo() async throws {
        let folder = TemporaryDirectory()
        let server = try await ServeApplicationTests.server(site: Repository.root, in: folder) {
            $0.expiry = ExpiryPolicy(duration: 1)
        }
        try await server.application().test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(string: #"{"senderId":"u_1","senderFirstName":"Ana","channel":"copy_link"}"#))
            let invite = try ServeApplicationTests.json(created)
            let code = try #require(invite["code"] as? String)
            let link = try #require(invite["link"] as? String)
            let createdAt = try #require(invite["createdAt"] as? String)
            let expiresAt = try #require(invite["expiresAt"] as? String)
            let start = try #require(Timestamp.date(from: createdAt))
            let end = try #require(Timestamp.date(from: expiresAt))
            let seconds = end.timeIntervalSince(start)
            #expect(abs(seconds - 1) < 0.01, "\(createdAt) → \(expiresAt)")
            #expect(try await client.execute(uri: ServeApplicationTests.path(link), method: .get).status == .ok)

            try await Task.sleep(for: .milliseconds(1_200))
            let swept = try await client.execute(
                uri: "/v1/admin/sweep", method: .post, headers: ServeApplicationTests.auth)
            #expect(try ServeApplicationTests.json(swept)["expired"] as? Int == 1)
            let read = try await client.execute(
                uri: "/v1/invites/\(code)", method: .get, headers: ServeApplicationTests.auth)
            #expect(try ServeApplicationTests.json(read)["status"] as? String == "expired")
            let expired = try await client.execute(uri: ServeApplicationTests.path(link), method: .get)
            // The expired page (200, with the way forward), no longer the landing page.
            #expect(expired.status == .ok && String(buffer: expired.body).contains("This invite has expired"))
        }
    }
}
