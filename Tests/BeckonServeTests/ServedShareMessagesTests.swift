import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A create answers with the invite's share message for its channel (seed 001 §5.2): the text with
/// the invite's own signed link, in its language, and the link that opens the channel with it.
/// Held in-process on the default site.
@Suite struct ServedShareMessagesTests {
    /// Creates an invite; its link and its `share`.
    static func created(
        _ client: some TestClientProtocol, _ body: String, headers: HTTPFields = [:]
    ) async throws -> (link: String, share: [String: Any]?) {
        var headers = headers
        headers[.authorization] = "Bearer \(ServeApplicationTests.token)"
        let response = try await client.execute(
            uri: "/v1/invites", method: .post, headers: headers, body: ByteBuffer(string: body))
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let invite = try ServeApplicationTests.json(response)
        return (try #require(invite["link"] as? String), invite["share"] as? [String: Any])
    }

    @Test func aCreateAnswersWithItsChannelsMessageAndItsOwnLink() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            // In the invite's locale; the SMS link addresses the recipient with the same text.
            let sms = try await Self.created(
                client,
                #"{"senderId":"u_1","senderFirstName":"Zoë","channel":"sms","recipient":"+44 7700 900123","locale":"de-DE"}"#
            )
            let text = try #require(sms.share?["text"] as? String)
            #expect(text == "Hey, ich nutze Playa - das gefällt dir! \(sms.link)")
            let url = try #require(sms.share?["url"] as? String)
            let prefix = "sms:+447700900123?&body="
            #expect(url.hasPrefix(prefix))
            #expect(url.dropFirst(prefix.count).removingPercentEncoding == text)

            // In the language the request prefers when the invite names none.
            let whatsApp = try await Self.created(
                client, #"{"senderId":"u_2","channel":"whatsapp","recipient":"+44 7700 900124"}"#,
                headers: [.acceptLanguage: "de"])
            #expect(
                whatsApp.share?["text"] as? String
                    == "Hey, ich nutze Playa - das gefällt dir! \(whatsApp.link)")
            #expect((whatsApp.share?["url"] as? String)?.hasPrefix("https://wa.me/447700900124?text=") == true)

            // An email's subject, and its context's message.
            let email = try await Self.created(
                client,
                #"{"senderId":"u_3","senderFirstName":"Jo","channel":"email","recipient":"jo@example.com","context":"achievement","contextTitle":"10 km"}"#
            )
            #expect(email.share?["subject"] as? String == "Join me on Playa")
            #expect(
                email.share?["text"] as? String == "I just finished 10 km on Playa! Try it: \(email.link)")
            #expect(
                (email.share?["url"] as? String)?.hasPrefix(
                    "mailto:jo@example.com?subject=Join%20me%20on%20Playa&body=") == true)

            // A copied link has its text and no link to open.
            let copied = try await Self.created(client, #"{"senderId":"u_4","channel":"copy_link"}"#)
            #expect((copied.share?["text"] as? String)?.hasSuffix(copied.link) == true)
            #expect(copied.share?["url"] == nil)

            // Each invite of a bulk create has its own.
            let bulk = try await client.execute(
                uri: "/v1/invites/bulk", method: .post,
                headers: [.authorization: "Bearer \(ServeApplicationTests.token)"],
                body: ByteBuffer(
                    string:
                        #"{"senderId":"u_5","recipients":[{"recipient":"+44 7700 900125","channel":"sms"},{"recipient":"+44 7700 900126","channel":"sms","locale":"de-DE"}]}"#
                ))
            let made = try #require(try ServeApplicationTests.json(bulk)["invites"] as? [[String: Any]])
            #expect(made.count == 2)
            for invite in made {
                let link = try #require(invite["link"] as? String)
                #expect(((invite["share"] as? [String: Any])?["text"] as? String)?.hasSuffix(link) == true)
            }
        }
    }

    /// Seed 000 R6, "Hey [First Name]": the invitee's first name greets them in the share
    /// message, comes back with the invite, and is erased with the sender's data.
    @Test func theInviteesFirstNameGreetsThemAndIsErased() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(
                    string:
                        #"{"senderId":"u_7","senderFirstName":"Zoë","channel":"sms","recipient":"+44 7700 900127","inviteeFirstName":"Sam","locale":"de-DE"}"#
                ))
            let sms = try ServeApplicationTests.json(response)
            let link = try #require(sms["link"] as? String)
            #expect(
                (sms["share"] as? [String: Any])?["text"] as? String
                    == "Hey Sam, ich nutze Playa - das gefällt dir! \(link)")
            #expect(sms["inviteeFirstName"] as? String == "Sam")
            let bulk = try await client.execute(
                uri: "/v1/invites/bulk", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(
                    string:
                        #"{"senderId":"u_8","senderFirstName":"Zoë","recipients":[{"recipient":"+44 7700 900128","channel":"sms","inviteeFirstName":"Ana"},{"recipient":"+44 7700 900129","channel":"sms","inviteeFirstName":"\u0007"}]}"#
                ))
            #expect(try ServeApplicationTests.json(bulk)["field"] as? String == "recipients[1].inviteeFirstName")

            let code = try #require(sms["code"] as? String)
            let read = try await client.execute(
                uri: "/v1/invites/\(code)", method: .get, headers: ServeApplicationTests.auth)
            #expect(try ServeApplicationTests.json(read)["inviteeFirstName"] as? String == "Sam")
            let erased = try await client.execute(
                uri: "/v1/users/u_7/erase", method: .post, headers: ServeApplicationTests.auth)
            #expect(erased.status == .ok || erased.status == .noContent)
            let after = try await client.execute(
                uri: "/v1/invites/\(code)", method: .get, headers: ServeApplicationTests.auth)
            #expect(try ServeApplicationTests.json(after)["inviteeFirstName"] == nil)
        }
    }

    @Test func aSiteWithoutShareMessagesAnswersWithoutOne() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(in: folder).application()
        try await app.test(.router) { client in
            let invite = try await Self.created(client, #"{"senderId":"u_1","channel":"copy_link"}"#)
            #expect(invite.share == nil)
        }
    }
}
