import Foundation
import PropertyBased
import Testing

@testable import BeckonServe

@Suite struct ServePartsTests {
    @Test(
        arguments: [
            "WhatsApp/2.23.20.0 A", "facebookexternalhit/1.1", "Twitterbot/1.0", "Slackbot-LinkExpanding 1.0",
            "TelegramBot (like TwitterBot)", "LinkedInBot/1.0", "Mozilla/5.0 (compatible; Discordbot/2.0)", "", nil,
        ])
    func crawlersAreNeverPeople(agent: String?) {
        #expect(CrawlerAgents.isCrawler(agent))
    }

    @Test func browsersArePeople() {
        #expect(
            !CrawlerAgents.isCrawler(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"))
    }

    @Test func inlineScriptsAreHashedAndOthersAreNot() {
        let page = Array(
            "<p>x</p><script>a()</script><SCRIPT src=\"/x.js\"></SCRIPT><script type=\"application/json\">{}</script><script>b()</script>"
                .utf8)
        #expect(InvitePagePolicy.inlineScripts(page).map { String(decoding: $0, as: UTF8.self) } == ["a()", "b()"])
        let header = InvitePagePolicy.header(for: page, beacon: nil)
        #expect(header.contains("script-src 'sha256-"))
        #expect(header.contains("frame-ancestors 'none'"))
        #expect(InvitePagePolicy.header(for: Array("<p>no script</p>".utf8), beacon: nil).contains("script-src 'none'"))
    }

    @Test(arguments: [
        ("secret", "secret", true), ("secret", "secreT", false), ("", "secret", false),
        ("secret-longer", "secret", false),
    ])
    func tokensCompareEqualOnlyWhenEqual(given: String, token: String, equal: Bool) {
        #expect(ConstantTime.equal(given, token) == equal)
    }

    @Test(arguments: [
        ("exp=1&kid=p1&sig=x&og=de-DE", "og", true), ("og&exp=1", "og", true), ("og=", "og", true),
        ("exp=1&kid=p1&sig=x", "og", false), ("ogx=1&xog=2", "og", false), ("avatar=abc&og", "avatar", true),
        ("", "og", false), ("sig=og", "og", false), ("og\u{301}=1", "og", false),
    ])
    func aQueryNamesAParameterOnlyByItsWholeName(query: String, name: String, names: Bool) {
        #expect(LinksController.query(query, names: name) == names)
    }

    /// Read in place, a query names a parameter exactly when its parts split at `&` do.
    @Test func aQueryIsReadAsItsPartsSplitAtAmpersands() async {
        let pieces = ["og", "o", "g", "avatar", "=", "&", "&&", "x", "é", "\u{301}", "%26"]
        let query = Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...12).map { $0.joined() }
        await propertyCheck(input: query, Gen<String?>.element(of: ["og", "avatar"]).map { $0! }) { query, name in
            let parts = query.utf8.split(separator: UInt8(ascii: "&"))
            let named = parts.contains { $0.prefix { $0 != UInt8(ascii: "=") }.elementsEqual(name.utf8) }
            #expect(LinksController.query(query, names: name) == named)
        }
    }

    /// The document served at /v1/openapi.json is docs/openapi.json, byte for byte.
    @Test func theServedDocumentIsTheOneInTheRepository() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = try String(contentsOf: root.appendingPathComponent("docs/openapi.json"), encoding: .utf8)
        #expect(OpenAPIDocument.json + "\n" == file, "run scripts/embed-openapi.py")
        let document = try #require(JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
    }
}
