import BeckonEmail
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import InviteModel
import InviteSecurity
import Testing

@testable import BeckonBuild
@testable import BeckonInvitePages

/// Emails for invites outside the samples come from the build's own email renderer: an invite
/// with a sample's fields and accept link, stamped from its creation time, gives the sample's
/// built email byte for byte; a real send differs only in `Date` and `Message-ID`.
@Suite struct InviteEmailsTests {
    /// The site built in memory, as `InvitePagesTests` builds it.
    func build(_ site: URL) async -> BuildResult { await InvitePagesTests().build(site) }

    @Test(arguments: InvitePagesTests.sites)
    func anInviteWithASamplesFieldsGetsTheSamplesEmail(site: URL) async throws {
        let result = await build(site)
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.prefix(3))")
        let pages = try #require(result.invitePages)
        let emails = try #require(pages.emails)
        let built = Dictionary(result.artifacts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let invitation = emails.site.emailTemplates.filter { $0.recipient == .invitee }
        var compared = 0
        for sample in emails.site.config.samples {
            let link = try #require(emails.acceptLinks[sample.id])
            for locale in emails.site.buildLocales {
                let made = pages.invitationEmails(
                    locale: locale, invite: sample, send: EmailRenderer.Send(acceptLink: link, date: nil))
                #expect(made.map(\.template) == invitation.map(\.name))
                for mail in made {
                    let base = "\(EmailRenderer.folder(locale: locale, sample: sample.id))/\(mail.template)"
                    let email = try #require(mail.email, "\(base): \(mail.failedRules)")
                    #expect(Array(email.html.utf8) == built[base + ".html"]?.bytes, "\(base).html")
                    #expect(Array(email.text.utf8) == built[base + ".txt"]?.bytes, "\(base).txt")
                    #expect(email.mime == built[base + ".eml"]?.bytes, "\(base).eml")
                    compared += 1
                }
            }
        }
        #expect(compared == invitation.count * emails.site.config.samples.count * emails.site.buildLocales.count)
    }

    @Test func aRealSendIsStampedNowWithItsOwnLink() async throws {
        let result = await build(Repository.root)
        let pages = try #require(result.invitePages)
        #expect(pages.hasInvitationEmails)
        #expect(!pages.invitationEmailsShowContextTitle)
        var invite = try #require(
            InviteValues(
                invite: UUID(), inviterFirstName: "Ngozi", context: .generic, contextID: nil, contextTitle: nil,
                code: InviteCode("AAAAAAAAAAAAAAA")!, createdAt: Date(timeIntervalSince1970: 1_790_000_000)))
        invite.inviteeEmail = try #require(EmailAddress("kim@example.org"))
        let link = "https://join.playa.app/invite/AAAAAAAAAAAAAAA?exp=1792592000&kid=p1&sig=x"
        let sent = Date(timeIntervalSince1970: 1_790_000_600)
        let made = pages.invitationEmails(
            locale: LocaleID("de-DE")!, invite: invite, send: EmailRenderer.Send(acceptLink: link, date: sent))
        let mail = try #require(made.first)
        // The test link's signature is not the site key's, so the accept-link rule refuses it.
        #expect(mail.email == nil && mail.failedRules == ["email.accept-link"], "\(mail.failedRules)")
        // Signed with the site's key, the link passes and the email is the invite's.
        let policy = pages.renderer.site.config.links
        let keyring = LinkKeyring(
            keys: [LinkKey(id: "p1", encodedSecret: BeckonBinary.testLinkKey)!], signingKeyID: "p1")
        let signed = keyring.sign(
            InviteLink(policy: policy, target: .code(invite.code), expiresAt: invite.createdAt + 30 * 86_400)
        ).url
        let sentMail = try #require(
            pages.invitationEmails(
                locale: LocaleID("de-DE")!, invite: invite, send: EmailRenderer.Send(acceptLink: signed, date: sent)
            ).first)
        let email = try #require(sentMail.email, "\(sentMail.failedRules)")
        #expect(email.subject == "Ngozi hat dich zu Playa eingeladen")
        #expect(email.text.contains(signed))
        let mime = String(decoding: email.mime, as: UTF8.self)
        #expect(mime.contains("To: kim@example.org\r\n"))
        #expect(mime.contains("Date: Mon, 21 Sep 2026 14:23:20 +0000"), "\(mime.prefix(400))")
        // A real send gets a random Message-ID, not the build's hash of the content.
        let again = pages.invitationEmails(
            locale: LocaleID("de-DE")!, invite: invite, send: EmailRenderer.Send(acceptLink: signed, date: sent))
        #expect(again.first?.email?.html == email.html)
        #expect(again.first?.email?.mime != email.mime)
    }
}
