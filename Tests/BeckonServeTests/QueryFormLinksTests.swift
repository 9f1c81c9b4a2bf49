import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InviteModel
import InviteSecurity
import NIOCore
import Testing

/// On a site whose links take the query form (seed 001 §4.1), each invite's link carries its
/// code with its sender, context and content: it is that invite's alone, opens its page, follows
/// its state, and a link naming one invite's code with another's sender is no link at all.
@Suite struct QueryFormLinksTests {
    static let site = SiteFixture.replacing(
        "samples:", with: "links:\n  host: join.minimo.test\n  form: query\n  path: /join\nsamples:",
        in: SiteFixture.minimal)

    func create(_ client: some TestClientProtocol, sender: String, name: String) async throws -> [String: Any] {
        let body =
            #"{"senderId":"\#(sender)","senderFirstName":"\#(name)","channel":"copy_link","context":"content","contextId":"post_7"}"#
        let created = try await client.execute(
            uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth, body: ByteBuffer(string: body))
        #expect(created.status == .created, "\(String(buffer: created.body))")
        return try ServeApplicationTests.json(created)
    }

    @Test func eachInvitesLinkIsItsOwnAndFollowsItsState() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(Self.site, to: folder.path("site"))
        let app = try await ServeApplicationTests.server(site: folder.path("site"), in: folder).application()
        try await app.test(.router) { client in
            let maya = try await create(client, sender: "u_1", name: "Maya")
            let again = try await create(client, sender: "u_1", name: "Maya")
            let ida = try await create(client, sender: "u_2", name: "Ida")
            let links = try [maya, again, ida].map { try #require($0["link"] as? String) }
            #expect(Set(links).count == 3)
            let code = try #require(maya["code"] as? String)
            #expect(links[0].hasPrefix("https://join.minimo.test/join?cid=post_7&code=\(code)&ctx=content&exp="))
            #expect(links[0].contains("&ref=u_1&sig="))

            let page = try await client.execute(uri: ServeApplicationTests.path(links[0]), method: .get)
            #expect(page.status == .ok)
            #expect(String(buffer: page.body).contains("Maya"))
            let cancelled = try await client.execute(
                uri: "/v1/invites/\(code)/cancel", method: .post, headers: ServeApplicationTests.auth)
            #expect(cancelled.status == .ok)
            #expect(try await client.execute(uri: ServeApplicationTests.path(links[0]), method: .get).status == .gone)
            // The other invite by the same sender is untouched.
            let other = try await client.execute(uri: ServeApplicationTests.path(links[1]), method: .get)
            #expect(other.status == .ok)

            // Signed with the site's key, Ida's code under Maya's name is no link of Ida's invite.
            let keyring = LinkKeyring(
                keys: [LinkKey(id: "default", encodedSecret: BeckonBinary.testLinkKey)!], signingKeyID: "default")
            let idaText = try #require(ida["code"] as? String)
            let idaCode = try #require(InviteCode(idaText))
            let policy = LinkPolicy(host: "join.minimo.test", form: .query, path: "/join")
            let mixed = keyring.sign(
                InviteLink(
                    policy: policy,
                    target: .referral(senderID: "u_1", context: .content, contentID: "post_7", code: idaCode),
                    expiresAt: Date().addingTimeInterval(86_400)))
            let answer = try await client.execute(uri: ServeApplicationTests.path(mixed.url), method: .get)
            #expect(answer.status == .notFound)
            #expect(!String(buffer: answer.body).contains("Ida"))
        }
    }
}
