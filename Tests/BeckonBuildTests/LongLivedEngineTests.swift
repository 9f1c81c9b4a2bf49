import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import PropertyBased
import Testing

/// One engine kept across runs for different invites and edits: what it hands back must be what
/// a fresh engine makes, and reusing a whole step must not cost its parts.
@Suite struct LongLivedEngineTests {
    static func invite(phone: String) throws -> InviteValues {
        let source = SourceText(
            path: "invite.json",
            text: #"{"id": "one", "inviterFirstName": "Maya", "context": "generic", "phone": "\#(phone)"}"#)
        let (invite, diagnostics) = InviteValues.parse(source, now: Date(timeIntervalSince1970: 1_767_225_600))
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

    /// An item added to a share pool: the messages read which items the source has, not only the
    /// items they print, so the new item's files appear as in a clean build. The item takes the
    /// place of a comment, so no other string moves.
    @Test func aNewPoolItemIsWrittenAsInACleanBuild() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let english = folder.url.appendingPathComponent("locales/en-US.yml")
        func pool(_ items: [String], spare: Bool = false) throws {
            let text = try String(contentsOf: english, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.firstIndex { $0.hasPrefix("  generic:") })
            let end = lines[(start + 1)...].firstIndex { !$0.hasPrefix("    ") } ?? lines.endIndex
            let pool =
                ["  generic:"] + items.map { "    - \"\($0) {app}: {link}\"" } + (spare ? ["    # one more"] : [])
            try Data((lines[..<start] + pool + lines[end...]).joined(separator: "\n").utf8).write(to: english)
        }
        try pool(["Join me on", "Come along to"], spare: true)
        let engine = Engine()
        _ = await Pipeline(options: IncrementalBuildTests.options(folder.url), engine: engine).run()
        try pool(["Join me on", "Come along to", "See you on"])
        let incremental = await Pipeline(options: IncrementalBuildTests.options(folder.url), engine: engine).run()
        let clean = await Pipeline(options: IncrementalBuildTests.options(folder.url)).run()
        #expect(clean.artifacts.contains { $0.path == "messages/en-US/generic.3.sms.txt" })
        #expect(IncrementalBuildTests.Snapshot(incremental) == IncrementalBuildTests.Snapshot(clean))
    }

    /// Picks an invite's fields from a seed (`SeededGenerator`), so a failing case replays.
    struct RandomInvite {
        private var generator: SeededGenerator

        init(seed: Int) {
            generator = SeededGenerator(seed: UInt64(bitPattern: Int64(seed)))
        }

        private mutating func next() -> UInt64 { generator.next() }

        private mutating func pick<T>(_ choices: [T]) -> T {
            choices[Int(next() % UInt64(choices.count))]
        }

        private mutating func maybe<T>(_ choices: [T]) -> T? {
            next() % 3 == 0 ? nil : pick(choices)
        }

        /// The invite as `beckon render --invite` reads it: every field, phones and handles included.
        mutating func json() -> String {
            var fields: [String: String] = [
                "id": pick(["guest", "pal", "one"]),
                "inviterFirstName": pick(["Maya", "Zoë", "محمد", "李雷", "Ana-María 🎉", "Bartholomew-Alexander"]),
                "context": pick(["generic", "achievement", "content", "collaborative"]),
            ]
            fields["inviterName"] = maybe(["Maya Okafor", "Zoë van Dijk"])
            fields["inviteeFirstName"] = maybe(["Alex", "Noor", "Jürgen"])
            fields["contextTitle"] = maybe(["a 10K run", "Sunday brunch"])
            fields["contextID"] = maybe(["run-42", "post-7"])
            fields["code"] = maybe(["5PW2U463KRXR7A8", "MZM7TDGDKWSEGXZ", "VPHP4GJ7AX9N88M"])
            fields["createdAt"] = maybe(["2026-01-05T00:00:00Z", "2026-01-09T12:00:00Z"])
            fields["inviteeEmail"] = maybe(["alex@example.com", "kim@example.org"])
            let phone = maybe(["+447700900123", "+447700900999", "+4915112345678"])
            let instagram = maybe(["noor.travels", "sam_k"])
            fields["phone"] = phone
            fields["instagram"] = instagram
            var members = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }
            // Channels, each with the address it needs.
            var channels: [String] = []
            if phone != nil, next() % 2 == 0 { channels += ["sms", "whatsapp"] }
            if instagram != nil, next() % 2 == 0 { channels.append("instagram") }
            if !channels.isEmpty {
                members.append("\"channels\": [\(channels.map { "\"\($0)\"" }.joined(separator: ", "))]")
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    /// Random invites rendered one after another on one engine, between random edits of the site:
    /// every file and finding is what a fresh engine makes of the same invite and files.
    @Test func randomInvitesOnOneEngineMatchAFreshEngine() async throws {
        let steps = Gen.int(in: 0...Int(Int32.max)).array(of: 3...6)
        await propertyCheck(count: 4, input: steps) { seeds in
            let folder = TemporaryDirectory()
            try SiteFixture.write(IncrementalFixture.site, to: folder.url)
            let engine = Engine()
            for (step, seed) in seeds.enumerated() {
                // Every other step also edits the site.
                if seed % 2 == 1 {
                    let edits = IncrementalFixture.Edit.allCases
                    try edits[(seed / 2) % edits.count].apply(to: folder.url, step: step)
                }
                var generator = RandomInvite(seed: seed)
                let json = generator.json()
                let (invite, diagnostics) = InviteValues.parse(
                    SourceText(path: "invite.json", text: json), now: Date(timeIntervalSince1970: 1_767_225_600))
                #expect(diagnostics.isEmpty, "\(json): \(diagnostics)")
                var options = IncrementalBuildTests.options(folder.url)
                options.invite = try #require(invite)
                let kept = await Pipeline(options: options, engine: engine).run()
                let fresh = await Pipeline(options: options).run()
                let (a, b) = (IncrementalBuildTests.Snapshot(kept), IncrementalBuildTests.Snapshot(fresh))
                #expect(a.files.keys.sorted() == b.files.keys.sorted(), "\(json)")
                for (path, bytes) in b.files where a.files[path] != bytes {
                    Issue.record("\(path) differs from a fresh engine's for \(json) (seeds \(seeds))")
                }
                #expect(a.diagnostics == b.diagnostics, "\(json)")
            }
            #expect(engine.unrecordedReads() == [])
        }
    }

    /// The check itself: a render step that reads a whole bundle is caught.
    @Test func aRenderStepReadingABundleWholeIsCaught() {
        let engine = Engine()
        engine.beginRun()
        let catalog = Catalog(
            locales: LocalesConfig(nil), bundles: [:])
        _ = engine.value(Step<Int>("render.test", recordsEveryRead: true), Fingerprint(high: 1, low: 1)) {
            catalog.bundles.count
        }
        _ = engine.value(Step<Int>("check.test"), Fingerprint(high: 1, low: 2)) { catalog.bundles.count }
        let noted = engine.unrecordedReads()
        #expect(noted.contains { $0.contains("render.test") })
        #expect(!noted.contains { $0.contains("check.test") })
    }

    /// Invites rendered at the same time on one engine, each with its own inputs: every file and
    /// finding is what a fresh engine makes of the same invite.
    @Test func invitesRenderedAtOnceOnOneEngineMatchAFreshEngine() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let engine = Engine()
        var invites: [InviteValues] = []
        for seed in [3, 8, 21, 55, 144, 377] {
            var generator = RandomInvite(seed: seed)
            let json = generator.json()
            let (invite, diagnostics) = InviteValues.parse(
                SourceText(path: "invite.json", text: json), now: Date(timeIntervalSince1970: 1_767_225_600))
            #expect(diagnostics.isEmpty, "\(json): \(diagnostics)")
            invites.append(try #require(invite))
        }
        let options = IncrementalBuildTests.options(folder.url)
        // Twice over, so the second round also reuses what the first one kept.
        for _ in 0..<2 {
            let kept = await withTaskGroup(of: (Int, IncrementalBuildTests.Snapshot).self) { group in
                for (index, invite) in invites.enumerated() {
                    var options = options
                    options.invite = invite
                    group.addTask {
                        (index, IncrementalBuildTests.Snapshot(await Pipeline(options: options, engine: engine).run()))
                    }
                }
                var results: [Int: IncrementalBuildTests.Snapshot] = [:]
                for await (index, snapshot) in group { results[index] = snapshot }
                return results
            }
            for (index, invite) in invites.enumerated() {
                var alone = options
                alone.invite = invite
                let fresh = IncrementalBuildTests.Snapshot(await Pipeline(options: alone).run())
                let shared = try #require(kept[index])
                #expect(shared.files.keys.sorted() == fresh.files.keys.sorted())
                for (path, bytes) in fresh.files where shared.files[path] != bytes {
                    Issue.record("\(path) differs from a fresh engine's for invite \(index)")
                }
                #expect(shared.diagnostics == fresh.diagnostics)
            }
        }
    }
}
