import BeckonTestSupport
import Testing

@testable import BeckonChecks

/// `links.invite` picks the links it checks from their bytes: for any text, the same links as
/// reading the scheme, host and path as strings picks.
@Suite struct InviteLinkMatchTests {
    static let pieces = [
        "https", "HTTPS", "http", "hTtPs", ":", "//", "/", "join.playa.app", "JOIN.Playa.APP", "join.playa.app.evil",
        "@", "user", ":443", "invite", "/invite/", "i", "?", "#", "code=", "ABC", "%2F", "é", "\u{301}", " ", "x:",
    ]

    func byCharacters(_ url: String, host: String, pathPrefix: Substring) -> Bool {
        scheme(of: url) == "https" && BeckonChecks.host(of: url) == host && path(of: url).hasPrefix(pathPrefix)
    }

    @Test func bytesPickTheLinksCharactersPick() {
        var generator = SeededGenerator(seed: 57)
        var matched = 0
        for round in 0..<20_000 {
            // Every other text starts as a link does, so many reach the host and path.
            let start = round.isMultiple(of: 2) ? "https://join.playa.app" : ""
            let url = start + generator.text(from: Self.pieces, upTo: 8)
            for (host, prefix) in [("join.playa.app", "/invite/"), ("join.playa.app", "/"), ("playa.app", "/i")] {
                let expected = byCharacters(url, host: host, pathPrefix: prefix[...])
                #expect(
                    InviteLinkRule.isInviteLink(url, host: host, pathPrefix: prefix[...]) == expected,
                    "\(url) to \(host)\(prefix)")
                if expected { matched += 1 }
            }
        }
        // The texts reach both answers, many times.
        #expect(matched > 1_000)
    }

    @Test func examples() {
        let prefix: Substring = "/invite/"
        #expect(
            InviteLinkRule.isInviteLink(
                "https://join.playa.app/invite/ABC?sig=x", host: "join.playa.app", pathPrefix: prefix))
        #expect(
            InviteLinkRule.isInviteLink("HTTPS://Join.Playa.App/invite/ABC", host: "join.playa.app", pathPrefix: prefix)
        )
        #expect(
            InviteLinkRule.isInviteLink(
                "https://me@join.playa.app:443/invite/", host: "join.playa.app", pathPrefix: prefix))
        #expect(
            !InviteLinkRule.isInviteLink(
                "https://join.playa.app/Invite/ABC", host: "join.playa.app", pathPrefix: prefix))
        #expect(
            !InviteLinkRule.isInviteLink(
                "https://join.playa.app.evil/invite/", host: "join.playa.app", pathPrefix: prefix))
        #expect(
            !InviteLinkRule.isInviteLink("http://join.playa.app/invite/ABC", host: "join.playa.app", pathPrefix: prefix)
        )
        #expect(
            !InviteLinkRule.isInviteLink("https://join.playa.app?/invite/", host: "join.playa.app", pathPrefix: prefix))
    }
}
