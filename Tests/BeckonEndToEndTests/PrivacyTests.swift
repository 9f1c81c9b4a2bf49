import BeckonTestSupport
import Foundation
import Testing

/// Diagnostics never print a real invite's data: an invite file's names, address and titles are
/// named by their field and masked, its lines are not quoted, and links holding them are masked.
@Suite struct PrivacyTests {
    static let planted = ["Plantedname", "Zyxwoman", "planted.person", "secret-domain", "Hidden Summit Trip"]

    static func invite(
        name: String = "Plantedname Zyxwoman", email: String = "planted.person@secret-domain.test"
    )
        -> String
    {
        """
        {"id": "x-1", "inviterFirstName": "\(name)", "inviterName": "\(name)", "context": "content",
         "contextTitle": "Hidden Summit Trip", "inviteeEmail": "\(email)"}
        """
    }

    /// Each way an invite file or a render can go wrong.
    static let cases: [(String, String)] = [
        ("a syntax error", invite().replacingOccurrences(of: "}", with: "")),
        ("an invalid address", invite(email: "planted.person@@secret-domain.test")),
        ("a line break in a name", invite(name: "Plantedname\\r\\nZyxwoman")),
        ("a link built from the name", invite()),
    ]

    @Test(arguments: cases.map(\.0), ["text", "json", "sarif", "junit", "github"])
    func noFindingPrintsThePerson(problem: String, format: String) throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(
            SiteFixture.replacing(
                "Get {{app.name}}: [open the invite]({{invite.url}}).",
                with: "Get {{app.name}}: [open the invite]({{invite.url}}). [Hi](http://x.test/{{inviter.firstName}})",
                in: SiteFixture.minimal), to: site.url)
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
