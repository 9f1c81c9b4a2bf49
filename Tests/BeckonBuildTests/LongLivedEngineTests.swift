import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

/// One engine kept across runs for different invites and edits: what it hands back must be what
/// a fresh engine makes, and reusing a whole step must not cost its parts.
@Suite struct LongLivedEngineTests {
    static func invite(phone: String) throws -> SampleInvite {
        let source = SourceText(
            path: "invite.json",
            text: #"{"id": "one", "inviterFirstName": "Maya", "context": "generic", "phone": "\#(phone)"}"#)
        let (invite, diagnostics) = SampleInvite.parse(source, now: Date(timeIntervalSince1970: 1_767_225_600))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(invite)
    }

    /// Two invites that differ only in the phone number, one after the other on one engine: the
    /// second run's SMS link addresses the second number, never the first.
    @Test func oneInvitesPhoneNeverReachesAnothersMessage() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let engine = Engine()
        let phones = ["+447700900123", "+447700900999"]
        for (phone, other) in zip(phones, phones.reversed()) {
            var options = IncrementalBuildTests.options(folder.url)
            options.invite = try Self.invite(phone: phone)
            let result = await Pipeline(options: options, engine: engine).run()
            #expect(!result.report.hasErrors, "\(result.report.diagnostics)")
            // The link that opens the SMS app addressed to the recipient, as the manifest gives it.
            let links = result.artifacts.filter { $0.kind == .shareMessage && $0.path.contains("/samples/one.") }
                .compactMap(\.deepLink).filter { $0.hasPrefix("sms:") }
            #expect(links.count == 2)
            for link in links {
                #expect(link.hasPrefix("sms:\(phone)?"), "\(link)")
                #expect(!link.contains(other), "the other invite's number is in this invite's message")
            }
        }
    }

    /// A run that reuses the whole site check (an unused key added) keeps the per-page checks it is
    /// made of, so the next edit redoes exactly what it alone would.
    @Test func anUnusedKeyThenAnEditRedoesNoMoreThanTheEditAlone() async throws {
        func redone(addingUnusedKeyFirst: Bool) async throws -> StepStats {
            let folder = TemporaryDirectory()
            try SiteFixture.write(IncrementalFixture.site, to: folder.url)
            let engine = Engine()
            _ = await Pipeline(options: IncrementalBuildTests.options(folder.url), engine: engine).run()
            if addingUnusedKeyFirst {
                let english = folder.url.appendingPathComponent("locales/en-US.yml")
                let text = try String(contentsOf: english, encoding: .utf8)
                try Data((text + "unused:\n  note: Nobody prints this yet\n").utf8).write(to: english)
                _ = await Pipeline(options: IncrementalBuildTests.options(folder.url), engine: engine).run()
            }
            try IncrementalFixture.Edit.translatedString.apply(to: folder.url, step: 1)
            return await Pipeline(options: IncrementalBuildTests.options(folder.url), engine: engine).run().steps
        }
        let alone = try await redone(addingUnusedKeyFirst: false)
        let afterUnusedKey = try await redone(addingUnusedKeyFirst: true)
        #expect(alone.runs(of: "check.across") == 2)
        #expect(alone.runs(of: "read.facts") == 2)
        for step: StepName in ["check.across", "read.facts", "render.page", "review.column"] {
            #expect(afterUnusedKey.runs(of: step) == alone.runs(of: step), "\(step)")
        }
    }
}
