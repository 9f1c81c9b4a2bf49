import BeckonTestSupport
import CryptoExtras
import Foundation
import Testing

/// `beckon invite`, `beckon link` and `beckon token`, run as a user would.
@Suite struct InviteCommandTests {
    let key = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey]

    @Test func newInvitesComeWithASignedLinkThatVerifies() throws {
        let run = try BeckonBinary.run(
            ["invite", "new", "--context", "achievement", "--channel", "whatsapp"], environment: key)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let invite = try #require(object["invite"] as? [String: Any])
        let link = try #require(object["link"] as? String)
        #expect(invite["context"] as? String == "achievement")
        #expect(invite["status"] as? String == "created")
        #expect(link.contains("/invite/\(invite["code"] as? String ?? "?")?exp="))
        let verify = try BeckonBinary.run(["link", "verify", link], environment: key)
        #expect(verify.status == 0)
        #expect(verify.stdout.hasPrefix("valid: code "))
    }

    @Test(arguments: [
        ("kid=p1", "kid=p9", "links.unknown-key"), ("sig=", "sig=A", "links.malformed"),
        ("invite/", "invite/X", "links.bad-signature"), ("exp=", "exp=x", "links.malformed"),
    ])
    func tamperedLinksFailWithTheReason(old: String, new: String, rule: String) throws {
        let link = try BeckonBinary.run(["link", "sign", "--code", "7KQ2M9XJ4PW3HNT"], environment: key).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try BeckonBinary.run(
            ["link", "verify", link.replacingOccurrences(of: old, with: new)], environment: key)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error[\(rule)]"), "\(run.stderr)")
    }

    @Test func linksSignedWithAnotherSecretHaveABadSignature() throws {
        let link = try BeckonBinary.run(["link", "sign", "--code", "7KQ2M9XJ4PW3HNT"], environment: key).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let other = ["BECKON_LINK_KEY": String(repeating: "99", count: 32)]
        let run = try BeckonBinary.run(["link", "verify", link], environment: other)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error[links.bad-signature]"))
    }

    @Test func expiredLinksAreRefused() throws {
        let link = try BeckonBinary.run(
            ["link", "sign", "--code", "7KQ2M9XJ4PW3HNT", "--expires", "2026-01-01T00:00:00Z"], environment: key
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try BeckonBinary.run(["link", "verify", link, "--at", "2026-01-02T00:00:00Z"], environment: key)
        #expect(run.stderr.contains("error[links.expired]"))
        #expect(
            try BeckonBinary.run(["link", "verify", link, "--at", "2025-12-31T00:00:00Z"], environment: key).status == 0
        )
    }

    @Test func withoutAKeyCommandsSayWhatToSet() throws {
        let run = try BeckonBinary.run(["invite", "new"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("BECKON_LINK_KEY is not set"))
        #expect(run.stderr.contains("fix:"))
    }

    @Test func tokensSignAndVerifyWithTheSitePolicy() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        let config = site.path("beckon.yml")
        try Data(
            (try String(contentsOf: config, encoding: .utf8)
                + "tokens:\n  issuer: https://app.selffull.io\n  audience: selffull-accept\n  keyID: sf1\n").utf8
        ).write(to: config)
        let environment = ["BECKON_TOKEN_KEY": try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation]
        let sign = try BeckonBinary.run(
            [
                "token", "sign", "--site", site.url.path, "--invite-id", "5F0C1E52-94B3-4F3C-9E6A-2D1C0B9A8F7E",
                "--email", "client@example.com", "--course", "course_42",
            ], environment: environment)
        #expect(sign.status == 0, "\(sign.stderr)")
        let token = sign.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.split(separator: ".").count == 3)
        let verify = try BeckonBinary.run(
            ["token", "verify", "--site", site.url.path, token], environment: environment)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("course course_42"))
        #expect(verify.stdout.contains("c•••@example.com"))
        #expect(!verify.stdout.contains("client@example.com"), "the email address must not be printed")
        let late = try BeckonBinary.run(
            ["token", "verify", "--site", site.url.path, token, "--at", "2099-01-01T00:00:00Z"],
            environment: environment)
        #expect(late.status == 1)
        #expect(late.stderr.contains("expired"))
        let tooLong = try BeckonBinary.run(
            [
                "token", "sign", "--site", site.url.path, "--invite-id", "5F0C1E52-94B3-4F3C-9E6A-2D1C0B9A8F7E",
                "--email", "client@example.com", "--course", "c", "--days", "8",
            ], environment: environment)
        #expect(tooLong.status == 1)
    }
}
