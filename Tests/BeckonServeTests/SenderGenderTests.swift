import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `senderGender` on the default site: Arabic's verb agrees with the sender who gave one, and a
/// sender who gave none (or `other`) gets the neutral wording, never a masculine guess.
@Suite struct SenderGenderTests {
    @Test func theArabicPageAgreesWithTheSender() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            func heading(gender: String?) async throws -> String {
                let member = gender.map { #","senderGender":"\#($0)""# } ?? ""
                let created = try await client.execute(
                    uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                    body: ByteBuffer(
                        string:
                            #"{"senderId":"u_\#(gender ?? "none")","senderFirstName":"Sam","channel":"copy_link","locale":"ar"\#(member)}"#
                    ))
                #expect(created.status == .created, "\(String(buffer: created.body))")
                let invite = try ServeApplicationTests.json(created)
                #expect(invite["senderGender"] as? String == gender)
                let link = try #require(invite["link"] as? String)
                let page = String(
                    buffer: try await client.execute(uri: ServeApplicationTests.path(link), method: .get).body)
                let start = try #require(page.range(of: "<h1>"))
                return String(page[start.upperBound...].prefix(80))
            }
            #expect(try await heading(gender: "female").contains("</bdi> تدعوك إلى Playa"))
            #expect(try await heading(gender: "male").contains("</bdi> يدعوك إلى Playa"))
            #expect(try await heading(gender: "other").hasPrefix("دعوة من <bdi>Sam</bdi>"))
            #expect(try await heading(gender: nil).hasPrefix("دعوة من <bdi>Sam</bdi>"))

            let refused = try await client.execute(
                uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(string: #"{"senderId":"u_x","channel":"copy_link","senderGender":"f"}"#))
            #expect(refused.status == .badRequest)

            #expect(
                try await client.execute(
                    uri: "/v1/users/u_female/erase", method: .post, headers: ServeApplicationTests.auth
                ).status == .ok)
            let list = try ServeApplicationTests.json(
                try await client.execute(
                    uri: "/v1/users/u_female/invites", method: .get, headers: ServeApplicationTests.auth))
            let erased = try #require((list["invites"] as? [[String: Any]])?.first)
            #expect(erased["senderGender"] == nil)
        }
    }
}
