import Foundation
import InviteModel
import Testing

@Suite struct InviteLinkTests {
    static let policy = LinkPolicy(host: "join.playa.app", keyID: "k1")
    static let expiry = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theCanonicalFormSignsHostPathAndSortedParameters() {
        let link = InviteLink(policy: Self.policy, target: .code(InviteCode("ABCDEFGH")!), expiresAt: Self.expiry)
        #expect(link.canonicalForm == "BECKON-HMAC-SHA256\njoin.playa.app\n/invite/ABCDEFGH\nexp=1800000000&kid=k1")
        let query = LinkPolicy(host: "app.example.com", form: .query, keyID: "k1")
        let referral = InviteLink(
            policy: query, target: .referral(senderID: "u_42", context: .content, contentID: "post 7"),
            expiresAt: Self.expiry)
        #expect(
            referral.canonicalForm
                == "BECKON-HMAC-SHA256\napp.example.com\n/invite\ncid=post%207&ctx=content&exp=1800000000&kid=k1&ref=u_42"
        )
    }

    @Test(arguments: [
        ("http://join.playa.app/invite/ABCDEFGH?exp=1&kid=k&sig=" + String(repeating: "A", count: 22), "https://"),
        ("https://evil.test/invite/ABCDEFGH?exp=1&kid=k&sig=" + String(repeating: "A", count: 22), "host"),
        ("https://join.playa.app/invite/abc?exp=1&kid=k&sig=" + String(repeating: "A", count: 22), "code"),
        ("https://join.playa.app/invite/ABCDEFGH?kid=k&sig=" + String(repeating: "A", count: 22), "`exp`"),
        ("https://join.playa.app/invite/ABCDEFGH?exp=1&kid=k", "`sig`"),
        (
            "https://join.playa.app/invite/ABCDEFGH?exp=1&kid=k&utm=x&sig=" + String(repeating: "A", count: 22),
            "unknown"
        ),
        ("https://join.playa.app/invite/ABCDEFGH?exp=1&exp=2&kid=k&sig=" + String(repeating: "A", count: 22), "twice"),
        // Percent-encoded letters read the same once decoded, but are not the canonical spelling.
        ("https://join.playa.app/invite/%41BCDEFGH?exp=1&kid=k&sig=" + String(repeating: "A", count: 22), "canonical"),
        ("https://join.playa.app/invite/ABCDEFGH?exp=1&kid=%6B&sig=" + String(repeating: "A", count: 22), "canonical"),
        ("https://join.playa.app/invite/ABCDEFGH?exp=1&kid=k&sig=%41" + String(repeating: "A", count: 21), "canonical"),
    ])
    func malformedLinksAreExplained(url: String, reason: String) {
        #expect(throws: LinkParseError.self) { try InviteLink(parsing: url, policy: Self.policy) }
        do {
            _ = try InviteLink(parsing: url, policy: Self.policy)
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }

    /// The fixed start of every invite link's path.
    @Test(arguments: [
        ("/invite/{code}", "/invite/"), ("/i/{code}/join", "/i/"), ("/invite", "/invite"), ("{code}", ""),
        ("/einladung/é/{code}", "/einladung/é/"), ("/{cod/{code}", "/{cod/"),
    ])
    func thePathPrefixIsWhatComesBeforeTheCode(path: String, prefix: String) {
        #expect(LinkPolicy(host: "join.playa.app", path: path).pathPrefix == prefix)
    }
}
