import BeckonTestSupport
import Foundation
import Testing

/// A create answers with the invite's share message for its channel (seed 001 §5.2): the text with
/// the invite's own signed link, in its language, and the link that opens the channel with it.
@Suite(.serialized) struct ServedShareMessagesTests {
    /// Creates an invite; its link and its `share`.
    func created(
        _ server: RunningServe, _ body: String, headers: [String] = []
    ) throws -> (link: String, share: [String: Any]?) {
        let reply = try server.api("POST", "/v1/invites", body: body, headers: headers)
        #expect(reply.status == 201, "\(reply.body)")
        let invite = try ServeTests.json(reply)
        return (try #require(invite["link"] as? String), invite["share"] as? [String: Any])
    }

    @Test func aCreateAnswersWithItsChannelsMessageAndItsOwnLink() throws {
        let folder = TemporaryDirectory()
        let server = try RunningServe(site: Repository.root, database: folder.path("invites.sqlite"))
        defer { _ = server.stop() }

        // In the invite's locale; the SMS link addresses the recipient with the same text.
        let sms = try created(
            server,
            #"{"senderId":"u_1","senderFirstName":"Zoë","channel":"sms","recipient":"+44 7700 900123","locale":"de-DE"}"#
        )
        let text = try #require(sms.share?["text"] as? String)
        #expect(text == "Hey, ich nutze Playa und glaube, das gefällt dir! \(sms.link)")
        let url = try #require(sms.share?["url"] as? String)
        let prefix = "sms:+447700900123?&body="
        #expect(url.hasPrefix(prefix))
        #expect(url.dropFirst(prefix.count).removingPercentEncoding == text)

        // In the language the request prefers when the invite names none.
        let whatsApp = try created(
            server, #"{"senderId":"u_2","channel":"whatsapp","recipient":"+44 7700 900124"}"#,
            headers: ["Accept-Language: de"])
        #expect(
            whatsApp.share?["text"] as? String == "Hey, ich nutze Playa und glaube, das gefällt dir! \(whatsApp.link)")
        #expect((whatsApp.share?["url"] as? String)?.hasPrefix("https://wa.me/447700900124?text=") == true)

        // An email's subject, and its context's message.
        let email = try created(
            server,
            #"{"senderId":"u_3","senderFirstName":"Jo","channel":"email","recipient":"jo@example.com","context":"achievement","contextTitle":"10 km"}"#
        )
        #expect(email.share?["subject"] as? String == "Join me on Playa")
        #expect(email.share?["text"] as? String == "I just finished 10 km on Playa! You should try it: \(email.link)")
        #expect(
            (email.share?["url"] as? String)?.hasPrefix("mailto:jo@example.com?subject=Join%20me%20on%20Playa&body=")
                == true)

        // A copied link has its text and no link to open.
        let copied = try created(server, #"{"senderId":"u_4","channel":"copy_link"}"#)
        #expect((copied.share?["text"] as? String)?.hasSuffix(copied.link) == true)
        #expect(copied.share?["url"] == nil)

        // Each invite of a bulk create has its own.
        let bulk = try ServeTests.json(
            server.api(
                "POST", "/v1/invites/bulk",
                body:
                    #"{"senderId":"u_5","recipients":[{"recipient":"+44 7700 900125","channel":"sms"},{"recipient":"+44 7700 900126","channel":"sms","locale":"de-DE"}]}"#
            ))
        let made = try #require(bulk["invites"] as? [[String: Any]])
        #expect(made.count == 2)
        for invite in made {
            let link = try #require(invite["link"] as? String)
            #expect(((invite["share"] as? [String: Any])?["text"] as? String)?.hasSuffix(link) == true)
        }
    }

    @Test func aSiteWithoutShareMessagesAnswersWithoutOne() throws {
        let running = try ServeTests.Running()
        defer { _ = running.server.stop() }
        let invite = try created(running.server, #"{"senderId":"u_1","channel":"copy_link"}"#)
        #expect(invite.share == nil)
    }
}
