import BeckonTestSupport
import Foundation
import Testing

/// Diagnostics never print a real invite's data: an invite file's names, address, titles, phone
/// number and Instagram name are named by their field and masked, its lines are not quoted, and
/// links and share messages holding them are masked.
@Suite struct PrivacyTests {
    /// What no output may hold: the person's names, address, title, phone number (the digits after
    /// the country code, in any spelling), Instagram name and the share message composed for them.
    static let planted = [
        "Plantedname", "Zyxwoman", "planted.person", "secret-domain", "Hidden Summit Trip", "Hidden%20Summit",
        "Quillonia", "17612398765", "plantedgram", "Hey Quillonia", "Hey%20Quillonia",
    ]

    static func invite(
        name: String = "Plantedname Zyxwoman", email: String = "planted.person@secret-domain.test",
        phone: String = "+4917612398765", instagram: String = "plantedgram"
    )
        -> String
    {
        """
        {"id": "x-1", "inviterFirstName": "\(name)", "inviterName": "\(name)", "context": "content",
         "contextTitle": "Hidden Summit Trip", "inviteeEmail": "\(email)", "inviteeFirstName": "Quillonia",
         "phone": "\(phone)", "instagram": "\(instagram)"}
        """
    }

    /// Each way an invite file or a render can go wrong.
    static let cases: [(String, String)] = [
        ("a syntax error", invite().replacingOccurrences(of: "}", with: "")),
        ("an invalid address", invite(email: "planted.person@@secret-domain.test")),
        ("a line break in a name", invite(name: "Plantedname\\r\\nZyxwoman")),
        ("a link built from the name", invite()),
        ("an invalid phone number", invite(phone: "+49176123987650000")),
        ("a phone number that is not one", invite(phone: "call +4917612398765")),
        ("an invalid Instagram name", invite(instagram: "plantedgram..")),
    ]

    /// A site whose landing page links to an address built from the inviter's name (an error), and
    /// whose share messages greet the recipient, name the title and run past one SMS (warnings in
    /// a render), addressed to the invite's phone number and Instagram name.
    static func site() throws -> TemporaryDirectory {
        let site = TemporaryDirectory()
        var fixture = SiteFixture.replacing(
            "Get {{app.name}}: [open the invite]({{invite.url}}).",
            with: "Get {{app.name}}: [open the invite]({{invite.url}}). [Hi](http://x.test/{{inviter.firstName}})",
            in: SiteFixture.minimal)
        fixture = SiteFixture.replacing(
            "samples:",
            with: "limits:\n  smsSegments: 1\nshare:\n  channels: [sms, whatsapp, instagram, email]\nsamples:",
            in: fixture)
        let long = String(repeating: " Come along, it is fun.", count: 6)
        let share = """
            share:
              generic: "{invitee, select, none {Hey} other {Hey {invitee}}},\(long) {link}"
              achievement: "Hey {invitee}, {contextTitle}!\(long) {link}"
              content: "Hey {invitee}, {inviter} shares {contextTitle}.\(long) {link}"
              collaborative: "Hey {invitee}, join {inviter}.\(long) {link}"
              emailSubject: "{inviter}: {contextTitle}"
            """
        for locale in ["en-US", "de-DE"] {
            fixture = SiteFixture.replacing(
                "-- locales/\(locale).yml --\n", with: "-- locales/\(locale).yml --\n\(share)\n", in: fixture)
        }
        try SiteFixture.write(fixture, to: site.url)
        return site
    }

    @Test(arguments: cases.map(\.0), ["text", "json", "sarif", "junit", "github"])
    func noFindingPrintsThePerson(problem: String, format: String) throws {
        let site = try Self.site()
        let text = try #require(Self.cases.first { $0.0 == problem }?.1)
        let file = site.path("invite.json")
        try Data(text.utf8).write(to: file)
        let run = try BeckonBinary.run(
            [
                "render", "--kind", "landing", "--invite", file.path, "--site", site.url.path, "--format", format,
                "--output", site.path("out").path,
            ])
        #expect(run.status == 1, "\(problem) should fail: \(run.stdout)")
        for value in Self.planted {
            #expect(!run.stdout.contains(value), "\(problem), \(format): `\(value)` in \(run.stdout)")
            #expect(!run.stderr.contains(value), "\(problem), \(format): `\(value)` in \(run.stderr)")
        }
    }
}
