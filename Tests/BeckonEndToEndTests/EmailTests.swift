import BeckonMIME
import BeckonTestSupport
import CryptoExtras
import Foundation
import Testing

/// The emails of the default site and of examples/selffull, as the binary writes them, read back
/// the way a mail server would.
@Suite struct EmailTests {
    static let defaultSite: TemporaryDirectory = {
        let folder = TemporaryDirectory()
        _ = try? BeckonBinary.run(
            ["build", "--output", folder.path("out").path], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        return folder
    }()

    static func emails(in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "eml" }
            .sorted { $0.path < $1.path }
    }

    @Test func everyMessageParsesAndCarriesExactlyItsParts() throws {
        let messages = Self.emails(in: Self.defaultSite.path("out/emails"))
        #expect(messages.count == 16, "4 locales × 4 sample invites")
        for url in messages {
            let bytes = try [UInt8](Data(contentsOf: url))
            let message = try MIMEParser().parse(bytes)
            let base = url.deletingPathExtension()
            let text = try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8)
            let html = try String(contentsOf: base.appendingPathExtension("html"), encoding: .utf8)
            let sidecar = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: base.appendingPathExtension("json")))
                    as? [String: String])
            #expect(message.parts.map(\.mediaType) == ["text/plain", "text/html"])
            #expect(message.parts[0].body == EmailMessage.withCRLFLineEnds(text))
            #expect(message.parts[1].body == EmailMessage.withCRLFLineEnds(html))
            #expect(message.subject == sidecar["subject"])
            #expect(sidecar["text"] == text && sidecar["html"] == html)
            // CRLF only, and no line over 76 octets outside the headers.
            let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
            #expect(!lines.contains { $0.contains("\n") || $0.contains("\r") })
            let bodyLines = lines.drop { !$0.isEmpty }
            #expect(bodyLines.allSatisfy { $0.utf8.count <= 76 }, "\(url.lastPathComponent)")
            #expect(html.utf8.count <= 8 * 1024, "\(url.path) HTML is \(html.utf8.count) bytes")
        }
    }

    @Test func theTextPartHasEveryLinkAndNoPreheader() throws {
        let base = Self.defaultSite.path("out/emails/de-DE/long-name/invite")
        let text = try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8)
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: base.appendingPathExtension("json")))
                as? [String: String])
        #expect(text.contains("Einladung annehmen: https://join.playa.app/invite/"))
        #expect(text.contains("Support kontaktieren: https://playa.app/help"))
        #expect(!text.contains(try #require(sidecar["preheader"])))
        #expect(!text.contains("Playa logo"))
        for line in text.split(separator: "\n") where !line.contains("https://") {
            #expect(line.count <= 76, "\(line)")
        }
    }

    @Test func rightToLeftEmailsAreMirrored() throws {
        let html = try String(
            contentsOf: Self.defaultSite.path("out/emails/ar/arabic-name/invite.html"), encoding: .utf8)
        #expect(html.contains("<html lang=\"ar\" dir=\"rtl\""))
        #expect(html.contains("role=\"article\" aria-roledescription=\"email\""))
        #expect(html.contains("dir=\"rtl\" class=\"bk-bg\""))
        #expect(html.contains("text-align:right"))
        #expect(!html.contains("direction:ltr"))
    }

    @Test func selfFullBuildsCleanWithVerifiedTokens() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        let output = TemporaryDirectory()
        let run = try BeckonBinary.run(
            ["build", "--site", "examples/selffull", "--output", output.path("out").path, "--strict"],
            environment: ["BECKON_TOKEN_KEY": key, "BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let messages = Self.emails(in: output.path("out/emails"))
        #expect(messages.count == 27, "3 emails × 3 locales × 3 sample invites")
        let invite = try MIMEParser().parse(
            [UInt8](Data(contentsOf: output.path("out/emails/en-US/coach-maya/invite.eml"))))
        // Seed 003 #16, #17, #21, #22.
        #expect(invite.subject == "Your coach invited you to SelfFull 🏆")
        let html = invite.parts[1].body
        #expect(html.contains("href=\"https://app.selffull.io/accept?token=eyJ"))
        #expect(html.contains("alt=\"SelfFull logo\""))
        #expect(html.contains("Strength Foundations") && html.contains("Maya Lindqvist"))
        #expect(!html.lowercased().contains("unsubscribe"))
        #expect(invite.parts[0].body.contains("Accept Invite: https://app.selffull.io/accept?token=eyJ"))
        let arabic = try MIMEParser().parse(
            [UInt8](Data(contentsOf: output.path("out/emails/ar/coach-maya/invite.eml"))))
        #expect(arabic.subject == "دعاك مدربك إلى SelfFull 🏆")
    }

    /// Seed 003 #49: the coach's digest (`notify: joined-digest`) is built for each sample with
    /// every sample's invitee, so its copy is checked with a list as long as the samples make;
    /// `{clients}` in an email that is not a digest is refused at its string.
    @Test func selfFullsDigestListsEverySamplesInvitee() throws {
        let output = TemporaryDirectory()
        let run = try BeckonBinary.run(["build", "--site", "examples/selffull", "--output", output.path("out").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let digest = try MIMEParser().parse(
            [UInt8](Data(contentsOf: output.path("out/emails/en-US/long-names/joined-digest.eml"))))
        #expect(digest.subject == "3 clients joined your courses")
        #expect(digest.parts[0].body.contains("Maximilian-Alexander, Jonas, and Sam"), "\(digest.parts[0].body)")
        let german = try MIMEParser().parse(
            [UInt8](Data(contentsOf: output.path("out/emails/de-DE/coach-maya/joined-digest.eml"))))
        #expect(german.parts[0].body.contains("Jonas, Maximilian-Alexander und Sam haben"))

        let site = output.path("site")
        try SiteFixture.copySite(from: Repository.root.appendingPathComponent("examples/selffull"), to: site)
        let strings = site.appendingPathComponent("locales/en-US.yml")
        let text = try String(contentsOf: strings, encoding: .utf8)
        let heading = "  heading: You’re invited to {contextTitle}\n"
        #expect(text.contains(heading))
        try Data(text.replacingOccurrences(of: heading, with: "  heading: You and {clients} are invited\n").utf8)
            .write(to: strings)
        let refused = try BeckonBinary.run(["build", "--site", site.path, "--output", output.path("refused").path])
        #expect(refused.status != 0)
        #expect(
            refused.stdout.contains("l10n.unknown-argument") && refused.stdout.contains("{clients}"),
            "\(refused.stdout)")
        // A second template with the same `notify:` would never be sent: refused at its line.
        try FileManager.default.copyItem(
            at: site.appendingPathComponent("templates/email/invite-expired.md"),
            to: site.appendingPathComponent("templates/email/invite-lapsed.md"))
        let twice = try BeckonBinary.run(["check", "--site", site.path])
        #expect(twice.status != 0)
        #expect(
            twice.stdout.contains("templates/email/invite-lapsed.md:6:1: error[template.notify-duplicate]"),
            "\(twice.stdout)")
    }

    /// Seed 003 #40 and #53: the expired page and the 410 page; #22: the association file opens
    /// the emails' accept links; no spec reference reaches a customer.
    @Test func selfFullHasItsExpiredAndGonePages() throws {
        let output = TemporaryDirectory()
        let run = try BeckonBinary.run(["build", "--site", "examples/selffull", "--output", output.path("out").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let expired = try String(contentsOf: output.path("out/en-US/expired/index.html"), encoding: .utf8)
        #expect(expired.contains("<h1>Invitation expired—contact your coach</h1>"))
        let gone = try String(contentsOf: output.path("out/ar/gone/index.html"), encoding: .utf8)
        #expect(gone.contains("dir=\"rtl\"") && gone.contains("أُلغيت هذه الدعوة"))
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: output.path("out/manifest.json")))
                as? [String: Any])
        let artifacts = try #require(manifest["artifacts"] as? [[String: Any]])
        let goneEntry = try #require(artifacts.first { $0["path"] as? String == "de-DE/gone/index.html" })
        #expect(goneEntry["status"] as? Int == 410)
        let association = try String(
            contentsOf: output.path("out/.well-known/apple-app-site-association"), encoding: .utf8)
        #expect(association.contains("\"/\" : \"/accept\"") && association.contains("\"token\" : \"*\""))
        #expect(association.contains("io.selffull.app.Clip"))
        let files = FileManager.default.enumerator(at: output.path("out"), includingPropertiesForKeys: nil)!
        for case let file as URL in files where !file.path.contains("/review/") {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            #expect(!text.lowercased().contains("seed 003"), "\(file.lastPathComponent)")
        }
    }

    @Test func withoutATokenKeyAStrictCheckFails() throws {
        // Without the key, the build warns and cannot verify; --strict turns that into a failure.
        let run = try BeckonBinary.run(["check", "--site", "examples/selffull", "--strict"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("tokens.unsigned"))
    }

    @Test(arguments: ["Maya\\r\\nBcc: victim@example.com", "Maya\\u0000"])
    func invitationDataCannotInjectAHeader(name: String) throws {
        let site = TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("examples/selffull"), to: site.path("site"))
        let config = site.path("site/beckon.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
            .replacingOccurrences(of: "inviterName: Maya Lindqvist", with: "inviterName: \"\(name)\"")
        try Data(text.utf8).write(to: config)
        let run = try BeckonBinary.run(["check", "--site", site.path("site").path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("beckon.yml:"), "\(run.stdout)")
        #expect(run.stdout.contains("must be one line of plain text"))
        // The source line is quoted as written, escapes and all; no line of output is a header.
        #expect(!run.stdout.split(separator: "\n").contains { $0.hasPrefix("Bcc:") })
    }
}
