import InviteModel
import PropertyBased
import Testing

@Suite struct DeepLinkTests {
    static let phone = PhoneNumber(e164: "+4915123456789")!
    static let user = InstagramUsername("maya.s")!

    @Test(arguments: [
        (
            DeepLink.whatsApp(phone: phone, text: "Hi Maya! 👋 https://j.test/i/A?b=c&d"),
            "https://wa.me/4915123456789?text=Hi%20Maya%21%20%F0%9F%91%8B%20https%3A%2F%2Fj.test%2Fi%2FA%3Fb%3Dc%26d"
        ),
        (.whatsApp(phone: nil, text: "x y"), "https://wa.me/?text=x%20y"),
        (.whatsAppScheme(phone: phone, text: "Hey"), "whatsapp://send?phone=4915123456789&text=Hey"),
        (.sms(phone: phone, body: "Hey & bye"), "sms:+4915123456789?&body=Hey%20%26%20bye"),
        (.sms(phone: nil, body: "Hey"), "sms:?&body=Hey"),
        (.instagram(user), "instagram://user?username=maya.s"),
        (.instagramWeb(user), "https://www.instagram.com/maya.s/"),
        (
            .mailto(to: EmailAddress("maya@example.com"), subject: "Join me", body: "Line 1\nLine 2"),
            "mailto:maya@example.com?subject=Join%20me&body=Line%201%0ALine%202"
        ),
    ])
    func linksAreBuiltAsTheAppsExpect(link: DeepLink, url: String) {
        #expect(link.url == url)
        #expect(DeepLink.parse(url) == link)
    }

    @Test func anyUnicodeMessageRoundTrips() async {
        let scalar = Gen.character(in: "\u{1}"..."\u{D7FF}")
        await propertyCheck(input: scalar.string(of: 0...60)) { text in
            for link in [
                DeepLink.whatsApp(phone: Self.phone, text: text), .whatsAppScheme(phone: nil, text: text),
                .sms(phone: Self.phone, body: text), .mailto(to: nil, subject: text, body: text),
            ] {
                #expect(DeepLink.parse(link.url) == link)
                #expect(link.url.allSatisfy { $0.isASCII && !$0.isWhitespace })
            }
        }
    }

    @Test(arguments: [
        "https://wa.me/12ab?text=x", "sms:notaphone?&body=x", "instagram://user?username=..", "ftp://x",
        "mailto:bad?subject=%ZZ",
    ])
    func malformedLinksAreRefused(url: String) {
        #expect(DeepLink.parse(url) == nil)
    }
}
