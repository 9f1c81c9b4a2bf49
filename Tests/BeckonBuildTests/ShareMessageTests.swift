import BeckonBuild
import BeckonDiagnostics
import BeckonMessages
import BeckonRender
import BeckonSite
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
                environment: (key ? ["BECKON_LINK_KEY": BeckonBinary.testLinkKey] : [:]).merging(
                    ["SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch]) { $1 })
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

/// Pools and A/B variants of share messages, and the checks on what was written.
@Suite struct SharePoolAndVariantTests {
    /// The line of the first line holding `text` in a site file.
    static func line(of text: String, in path: String, _ folder: TemporaryDirectory) throws -> Int {
        let lines = try String(contentsOf: folder.path(path), encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    func build(
        in folder: TemporaryDirectory? = nil, english: String, config: String = "", german: String? = nil
    ) async throws -> BuildResult {
        let folder = try folder ?? ShareMessageTests.site()
        let configURL = folder.path("beckon.yml")
        let yaml = try String(contentsOf: configURL, encoding: .utf8)
            .replacingOccurrences(
                of: "  channels: [sms, whatsapp, email, copy_link]\n", with: "  channels: [sms, whatsapp]\n\(config)")
        try Data(yaml.utf8).write(to: configURL)
        for (locale, text) in [("en-US", english), ("de-DE", german ?? english)] {
            let url = folder.path("locales/\(locale).yml")
            let base = try String(contentsOf: url, encoding: .utf8)
            let kept = base.components(separatedBy: "share:\n")[0]
            try Data((kept + text).utf8).write(to: url)
        }
        return await ShareMessageTests().build(folder)
    }

    static let contexts = """
        share:
          generic: "Hey, try {app}: {link}"
          content: "Look at this on {app}: {link}"
          collaborative: "Join me on {app}: {link}"

        """

    @Test func everyPoolItemIsWrittenAndChecked() async throws {
        let result = try await build(
            english: Self.contexts + """
                  achievement:
                    - "I did {contextTitle, select, none {it} other {{contextTitle}}} on {app}: {link}"
                    - "Guess what I did{contextTitle, select, none {} other { ({contextTitle})}} on {app}? {link}"

                """)
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.map(\.message))")
        let items = result.artifacts.filter { $0.path.hasPrefix("messages/en-US/achievement.") }.map(\.path).sorted()
        #expect(
            items == [
                "messages/en-US/achievement.1.sms.txt", "messages/en-US/achievement.1.whatsapp.txt",
                "messages/en-US/achievement.2.sms.txt", "messages/en-US/achievement.2.whatsapp.txt",
            ])
        let second = try #require(result.artifacts.first { $0.path == "messages/en-US/samples/maya.2.sms.txt" })
        #expect(second.poolItem == 2)
        #expect(String(decoding: second.bytes, as: UTF8.self).hasPrefix("Guess what I did on Minimo? https://"))
    }

    @Test func aPoolItemWithOtherArgumentsIsAnErrorAtItsLine() async throws {
        let folder = try ShareMessageTests.site()
        let result = try await build(
            in: folder,
            english: Self.contexts + """
                  achievement:
                    - "I did it on {app}: {link}"
                    - "{inviter} did it on {app}: {link}"

                """)
        let error = try #require(result.report.diagnostics.first { $0.rule == "share.pool-arguments" })
        #expect(error.location?.file == "locales/en-US.yml")
        #expect(error.location?.line == (try Self.line(of: "{inviter} did it", in: "locales/en-US.yml", folder)))
    }

    @Test func bothVariantsAreWrittenWithTheVariantSignedIntoTheLink() async throws {
        let result = try await build(
            english: Self.contexts + """
                  achievement:
                    control: "Check out {app}! {link}"
                    context-rich: "{inviter} just did {contextTitle, select, none {something} other {{contextTitle}}} on {app}! {link}"

                """,
            config: "  variants: {control: 50, context-rich: 50}\n")
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.map(\.message))")
        let control = try #require(result.artifacts.first { $0.path == "messages/en-US/samples/maya.control.sms.txt" })
        let rich = try #require(
            result.artifacts.first { $0.path == "messages/en-US/samples/maya.context-rich.sms.txt" })
        #expect(control.variant == "control")
        #expect(rich.variant == "context-rich")
        let ring = try #require(
            try LinkKeyring.fromEnvironment(["BECKON_LINK_KEY": BeckonBinary.testLinkKey], signingKeyID: "default"))
        for (artifact, variant) in [(control, "control"), (rich, "context-rich")] {
            let url = ShareMessageTests.link(in: String(decoding: artifact.bytes, as: UTF8.self))
            let verified = try ring.verify(
                url, policy: LinkPolicy(host: "join.minimo.test"), at: Date(timeIntervalSince1970: 1_767_225_600)
            ).get()
            #expect(verified.variant == variant)
        }
        // Contexts with one message for all variants are written once per variant.
        #expect(result.artifacts.contains { $0.path == "messages/de-DE/generic.control.whatsapp.txt" })
        #expect(result.artifacts.contains { $0.path == "messages/de-DE/generic.context-rich.whatsapp.txt" })
    }

    /// An invite's own message (`beckon serve`): its variant's, else the first variant's; from a
    /// pool, the item its code picks, the same each time, every item picked by some code.
    @Test func anInvitesOwnMessageIsItsVariantsAndItsCodesPoolItem() async throws {
        let result = try await build(
            english: Self.contexts + """
                  achievement:
                    control:
                      - "Control one on {app}: {link}"
                      - "Control two on {app}: {link}"
                    context-rich: "Someone did {contextTitle, select, none {something} other {{contextTitle}}} on {app}! {link}"

                """,
            config: "  variants: {control: 50, context-rich: 50}\n")
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.map(\.message))")
        let messages = try #require(result.invitePages?.messages)
        let link = "https://join.minimo.test/invite/X"
        let english = try #require(LocaleID("en-US"))
        func text(_ code: InviteCode, _ variant: String?) -> String? {
            messages.message(
                context: .achievement, code: code, invite: nil, channel: .copyLink, variant: variant, locale: english,
                link: link, recipient: nil)?.text
        }
        let generator = InviteCodeGenerator()
        let codes = (0..<24).map { _ in generator.next() }
        #expect(
            Set(codes.map { text($0, "control") })
                == ["Control one on Minimo: \(link)", "Control two on Minimo: \(link)"])
        for code in codes {
            #expect(text(code, "control") == text(code, "control"))
            #expect(text(code, nil) == text(code, "control"))
            #expect(text(code, "context-rich") == "Someone did something on Minimo! \(link)")
        }
    }

    /// A context with no string of its own (the site writes messages for others only) gives an
    /// invite of that context no message, and the others theirs.
    @Test func anInviteWhoseContextHasNoStringHasNoMessage() async throws {
        let result = try await build(
            english: "share:\n  achievement: \"I did it on {app}: {link}\"\n", config: "  contexts: [achievement]\n")
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.map(\.message))")
        let messages = try #require(result.invitePages?.messages)
        let english = try #require(LocaleID("en-US"))
        func message(_ context: InviteContext) -> ShareMessage? {
            messages.message(
                context: context, code: InviteCodeGenerator().next(), invite: nil, channel: .sms, variant: nil,
                locale: english, link: "https://join.minimo.test/invite/X", recipient: nil)
        }
        #expect(message(.achievement)?.text == "I did it on Minimo: https://join.minimo.test/invite/X")
        #expect(
            message(.achievement)?.url?.hasSuffix(
                "body=I%20did%20it%20on%20Minimo%3A%20https%3A%2F%2Fjoin.minimo.test%2Finvite%2FX") == true)
        #expect(message(.generic) == nil)
    }

    @Test func aMissingVariantIsAnError() async throws {
        let result = try await build(
            english: Self.contexts + """
                  achievement:
                    control: "Check out {app}! {link}"

                """,
            config: "  variants: {control: 50, context-rich: 50}\n")
        let error = try #require(result.report.diagnostics.first { $0.rule == "share.missing-variant" })
        #expect(error.message.contains("`context-rich`"))
    }

    @Test func anEmptyMessageAndAMessageWithoutItsLinkAreErrorsAtTheString() async throws {
        let folder = try ShareMessageTests.site()
        let result = try await build(
            in: folder,
            english: Self.contexts + "  achievement: \"\"\n",
            german: Self.contexts.replacingOccurrences(of: "Join me on {app}: {link}", with: "Join me on {app}")
                + "  achievement: \"Geschafft: {link}\"\n")
        let empty = try #require(result.report.diagnostics.first { $0.rule == "message.empty" })
        #expect(empty.location?.file == "locales/en-US.yml")
        #expect(empty.location?.line == (try Self.line(of: "achievement: \"\"", in: "locales/en-US.yml", folder)))
        let missing = try #require(result.report.diagnostics.first { $0.rule == "message.link" })
        #expect(missing.location?.file == "locales/de-DE.yml")
        #expect(missing.location?.line == (try Self.line(of: "Join me on {app}\"", in: "locales/de-DE.yml", folder)))
    }

    @Test func messagesThatAreNotInvitationsNeedNoLink() async throws {
        let result = try await build(
            english: Self.contexts.replacingOccurrences(of: ": {link}", with: "") + "  achievement: Well done\n",
            config: "  requireLink: false\n")
        #expect(!result.report.diagnostics.contains { $0.rule == "message.link" })
    }
}
