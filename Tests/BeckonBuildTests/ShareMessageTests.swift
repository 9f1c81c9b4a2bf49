import BeckonBuild
import BeckonDiagnostics
import BeckonRender
import BeckonTestSupport
import Foundation
import InviteModel
import InviteSecurity
import Testing

@Suite struct ShareMessageTests {
    static func site(extra english: String = "", german: String = "") throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try SiteFixture.write(
            SiteFixture.minimal.replacingOccurrences(
                of: "samples:\n", with: "share:\n  channels: [sms, whatsapp, email, copy_link]\nsamples:\n"),
            to: folder.url)
        let shares = [
            "en-US": """
            share:
              generic: "{invitee, select, none {Hey} other {Hey {invitee}}}, try {app}: {link}"
              achievement: "I did {contextTitle, select, none {it} other {{contextTitle}}} on {app}: {link}"
              content: "Look at this on {app}: {link}"
              collaborative: "Join me on {app}: {link}"
              emailSubject: "Join me on {app}"

            """,
            "de-DE": """
            share:
              generic: "{invitee, select, none {Hallo} other {Hallo {invitee}}}, probier {app}: {link}"
              achievement: "Ich habe {contextTitle, select, none {es} other {{contextTitle}}} mit {app} geschafft: {link}"
              content: "Schau dir das auf {app} an: {link}"
              collaborative: "Komm zu {app}: {link}"
              emailSubject: "Komm zu {app}"

            """,
        ]
        for (locale, extra) in [("en-US", english), ("de-DE", german)] {
            let url = folder.path("locales/\(locale).yml")
            try Data((try String(contentsOf: url, encoding: .utf8) + shares[locale]! + extra).utf8).write(to: url)
        }
        return folder
    }

    func build(_ folder: TemporaryDirectory, key: Bool = true) async -> BuildResult {
        await Pipeline(
            options: BuildOptions(
                site: folder.url, write: false,
                environment: key ? ["BECKON_LINK_KEY": BeckonBinary.testLinkKey] : [:])
        ).run()
    }

    @Test func oneMessagePerLocaleContextAndChannelWithItsDeepLink() async throws {
        let result = await build(try Self.site())
        #expect(!result.report.hasErrors, "\(result.report.diagnostics)")
        let messages = result.artifacts.filter { $0.kind == .shareMessage }
        // Per locale: four contexts and the one sample, in four channels.
        #expect(messages.count == 2 * (4 + 1) * 4)
        let sms = try #require(messages.first { $0.path == "messages/en-US/achievement.sms.txt" })
        let text = String(decoding: sms.bytes, as: UTF8.self)
        #expect(text.hasPrefix("I did it on Minimo: https://join.minimo.test/invite/"))
        #expect(DeepLink.parse(sms.deepLink ?? "") == .sms(phone: nil, body: text))
        let email = try #require(messages.first { $0.path == "messages/en-US/generic.email.txt" })
        let body = String(decoding: email.bytes, as: UTF8.self)
        #expect(body.hasPrefix("Hey, try Minimo: https://join.minimo.test/invite/"))
        #expect(DeepLink.parse(email.deepLink ?? "") == .mailto(to: nil, subject: "Join me on Minimo", body: body))
        #expect(messages.first { $0.path == "messages/de-DE/collaborative.copy_link.txt" }?.deepLink == nil)
    }

    @Test func aSamplesMessagesAddressItsRecipient() async throws {
        let folder = try Self.site()
        let url = folder.path("beckon.yml")
        let config = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: "[sms, whatsapp, email, copy_link]", with: "[sms, whatsapp, instagram, email]")
            .replacingOccurrences(
                of: "    context: achievement\n",
                with: "    context: achievement\n    phone: +44 7700 900123\n    instagram: \"@maya.runs\"\n"
                    + "    inviteeEmail: jo@example.org\n")
        try Data(config.utf8).write(to: url)
        let result = await build(folder)
        #expect(!result.report.hasErrors, "\(result.report.diagnostics)")
        func message(_ path: String) throws -> BeckonRender.Artifact {
            try #require(result.artifacts.first { $0.path == "messages/en-US/samples/maya.\(path).txt" })
        }
        let sms = try message("sms")
        let text = String(decoding: sms.bytes, as: UTF8.self)
        let phone = try #require(PhoneNumber(parsing: "+447700900123"))
        #expect(DeepLink.parse(sms.deepLink ?? "") == .sms(phone: phone, body: text))
        let whatsApp = try message("whatsapp")
        #expect(DeepLink.parse(whatsApp.deepLink ?? "") == .whatsApp(phone: phone, text: text))
        #expect(DeepLink.parse(whatsApp.alternateLink ?? "") == .whatsAppScheme(phone: phone, text: text))
        let instagram = try message("instagram")
        let username = try #require(InstagramUsername("maya.runs"))
        #expect(DeepLink.parse(instagram.deepLink ?? "") == .instagram(username))
        #expect(DeepLink.parse(instagram.alternateLink ?? "") == .instagramWeb(username))
        #expect(instagram.note?.contains("cannot prefill") == true)
        let email = try message("email")
        #expect(email.deepLink?.hasPrefix("mailto:jo@example.org?") == true)
        // The context's own messages still let the sender pick the recipient.
        let contextSMS = try #require(result.artifacts.first { $0.path == "messages/en-US/achievement.sms.txt" })
        #expect(contextSMS.deepLink?.hasPrefix("sms:?") == true)
    }

    @Test(arguments: ["12345", "+0 123", "+12 abc"]) func aPhoneThatIsNotE164IsAnError(phone: String) async throws {
        let folder = try Self.site()
        let url = folder.path("beckon.yml")
        let config = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "    context: achievement\n", with: "    context: achievement\n    phone: \"\(phone)\"\n")
        try Data(config.utf8).write(to: url)
        let finding = try #require(await build(folder).report.diagnostics.first { $0.rule == "config.invalid-phone" })
        #expect(finding.location?.file == "beckon.yml")
        #expect(!finding.message.contains(phone))
    }

    static func link(in text: String) -> String {
        String(text[text.range(of: "https://")!.lowerBound...])
    }

    @Test func sampleLinksAreSignedAndVerify() async throws {
        let result = await build(try Self.site())
        let sms = try #require(result.artifacts.first { $0.path == "messages/en-US/achievement.sms.txt" })
        let url = Self.link(in: String(decoding: sms.bytes, as: UTF8.self))
        let ring = try #require(
            try LinkKeyring.fromEnvironment(["BECKON_LINK_KEY": BeckonBinary.testLinkKey], signingKeyID: "default"))
        let policy = LinkPolicy(host: "join.minimo.test")
        let verified = ring.verify(url, policy: policy, at: Date(timeIntervalSince1970: 1_767_225_600))
        #expect((try? verified.get()) != nil, "\(verified)")
    }

    @Test func withoutAKeyLinksAreUnsignedWithAWarning() async throws {
        let result = await build(try Self.site(), key: false)
        #expect(result.report.diagnostics.map(\.rule) == ["links.unsigned"])
        let sms = try #require(result.artifacts.first { $0.path == "messages/en-US/achievement.sms.txt" })
        #expect(!String(decoding: sms.bytes, as: UTF8.self).contains("sig="))
    }

    @Test func aMessageOverOneSegmentIsLocatedAtItsString() async throws {
        let long = String(repeating: "so much to say ", count: 7) + "on {app} "
        let folder = try Self.site(german: "")
        let url = folder.path("locales/de-DE.yml")
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(
                of: "content: \"Schau dir das auf {app} an: {link}\"", with: "content: \"\(long){link}\"")
        try Data(text.utf8).write(to: url)
        let result = await build(folder)
        let finding = try #require(result.report.diagnostics.first { $0.rule == "sms.segments" })
        #expect(finding.location?.file == "locales/de-DE.yml")
        #expect(
            finding.location?.line == text.components(separatedBy: "\n").firstIndex { $0.contains("content:") }! + 1)
        #expect(finding.locale == "de-DE")
        #expect(finding.message.contains("2 SMS segments"))
        #expect(!result.report.diagnostics.contains { $0.rule == "chars.max" })
    }

    @Test func emojiAreNamedAsTheReasonForUCS2() async throws {
        let folder = try Self.site()
        let url = folder.path("locales/en-US.yml")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "collaborative: \"Join me on {app}: {link}\"",
            with: "collaborative: \"Join me on {app}, we will keep in touch every single day of the week 🌴: {link}\"")
        try Data(text.utf8).write(to: url)
        let finding = try #require(await build(folder).report.diagnostics.first { $0.rule == "sms.segments" })
        #expect(finding.message.contains("(`🌴` (U+1F334) forces UCS-2"))
    }
}
