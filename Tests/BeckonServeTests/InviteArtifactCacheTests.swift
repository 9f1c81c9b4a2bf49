import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonSite
import Crypto
import Foundation
import InviteModel
import NIOCore
import Testing

@testable import BeckonServe

/// An invite's own page is made once per everything it is made from, and the kept pages stay
/// within their byte budget, the least recently used going first.
@Suite struct InviteArtifactCacheTests {
    let id = UUID()

    func invite(_ name: String, title: String? = nil) -> SampleInvite {
        SampleInvite(
            invite: id, inviterFirstName: name, context: .generic, contextID: nil, contextTitle: title,
            code: InviteCode("AAAAAAAAAAAAAAA")!, createdAt: Date(timeIntervalSince1970: 0))!
    }

    func page(_ size: Int) -> PersonalPage {
        let bytes = [UInt8](repeating: 0x20, count: size)
        return PersonalPage(
            rendered: .page(
                Artifact(path: "en-US/invite/index.html", kind: .landing, contentType: "text/html", bytes: bytes)),
            body: ByteBuffer(bytes: bytes), policy: "")
    }

    /// Counts what is made.
    final class Made: @unchecked Sendable {
        var count = 0
    }

    @Test func aPageIsMadeOncePerEverythingItIsMadeFrom() {
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: 1 << 20)
        let made = Made()
        let english = LocaleID("en-US")!
        func ask(_ invite: SampleInvite, _ locale: LocaleID = LocaleID("en-US")!, link: String = "https://l/1") {
            _ = cache.page(.landing, locale: locale, invite: invite, link: link) {
                made.count += 1
                return page(100)
            }
        }
        ask(invite("Maya"))
        ask(invite("Maya"))
        #expect(made.count == 1)
        // Another name, title, locale, link or kind is another page.
        ask(invite("Maya2"))
        ask(invite("Maya", title: "a run"))
        ask(invite("Maya"), LocaleID("de-DE")!)
        ask(invite("Maya"), link: "https://l/2")
        _ = cache.page(.expired, locale: english, invite: invite("Maya"), link: "https://l/1") {
            made.count += 1
            return page(100)
        }
        #expect(made.count == 6)
        // Every field counts, those no page shows today too: nobody lists them.
        var withPhone = invite("Maya")
        withPhone.phone = PhoneNumber(e164: "+447700900123")
        ask(withPhone)
        withPhone.phone = PhoneNumber(e164: "+447700900999")
        ask(withPhone)
        var withMessages = invite("Maya")
        withMessages.messages = "b"
        ask(withMessages)
        #expect(made.count == 9)
    }

    @Test func theBudgetHoldsAndTheLeastRecentlyUsedGoFirst() {
        let budget = 64_000
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: budget)
        let english = LocaleID("en-US")!
        for index in 0..<100 {
            _ = cache.page(.landing, locale: english, invite: invite("n\(index)"), link: "l") { page(4_000) }
            // The first page is used again and again: it stays.
            _ = cache.page(.landing, locale: english, invite: invite("n0"), link: "l") { page(4_000) }
            #expect(cache.usage.bytes <= budget)
        }
        let made = Made()
        _ = cache.page(.landing, locale: english, invite: invite("n0"), link: "l") {
            made.count += 1
            return page(4_000)
        }
        _ = cache.page(.landing, locale: english, invite: invite("n1"), link: "l") {
            made.count += 1
            return page(4_000)
        }
        #expect(made.count == 1)
        // A page over a quarter of the budget is not kept.
        let before = cache.usage
        _ = cache.page(.landing, locale: english, invite: invite("big"), link: "l") { page(20_000) }
        #expect(cache.usage.pages == before.pages)
        cache.removeAll()
        #expect(cache.usage.pages == 0 && cache.usage.bytes == 0)
    }

    /// What is kept is counted: the page's bytes once (in its body), not again in its artifact.
    @Test func aKeptPageHoldsItsBytesOnce() {
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: 1 << 20)
        let english = LocaleID("en-US")!
        let made = cache.page(.landing, locale: english, invite: invite("Ada"), link: "l") { page(4_000) }
        let kept = cache.page(.landing, locale: english, invite: invite("Ada"), link: "l") { page(1) }
        guard case .page(let artifact) = kept.rendered, case .page(let first) = made.rendered else {
            Issue.record("no page kept")
            return
        }
        #expect(artifact.bytes.isEmpty && first.bytes.isEmpty)
        #expect(kept.body?.readableBytes == 4_000 && artifact.contentType == "text/html")
        #expect(cache.usage.bytes >= 4_000)
    }

    /// With `--cache DIR`, a page or card made by one start is reused by the next, sealed on
    /// disk; an erasure removes them there too.
    @Test func pagesAndCardsAreKeptOnDiskSealedUntilAnErasure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invite-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sealer = RecordSealer(key: SymmetricKey(size: .bits256))
        func start() throws -> InviteArtifactCache {
            InviteArtifactCache(
                invitePages: nil, pageBudget: 1 << 20,
                disk: try StepCache(folder: folder, salt: "s", sealer: sealer, budget: 1 << 20))
        }
        let english = LocaleID("en-US")!
        let made = Made()
        func ask(_ cache: InviteArtifactCache) async throws -> (page: PersonalPage, card: PersonalPage) {
            let page = cache.page(.landing, locale: english, invite: invite("Maya"), link: "l") {
                made.count += 1
                return self.page(300)
            }
            let card = try await cache.card(locale: english, invite: invite("Maya"), link: "l") {
                made.count += 1
                var card = PersonalPage(rendered: .failed([RuleID("card.overflow")]))
                card.tag = "\"t1\""
                return card
            }
            return (page, card)
        }
        let first = try await ask(try start())
        let second = try await ask(try start())
        #expect(made.count == 2)
        guard case .page(let artifact) = second.page.rendered, case .failed(let rules) = second.card.rendered else {
            Issue.record("the kept page or card changed kind")
            return
        }
        #expect(artifact.path == "en-US/invite/index.html" && artifact.kind == .landing && artifact.bytes.isEmpty)
        #expect(second.page.body == first.page.body && second.page.policy == "")
        #expect(rules == [RuleID("card.overflow")] && second.card.tag == "\"t1\"")
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        let records = files.filter { $0.pathExtension == "sealed" }
        #expect(records.count == 2)
        for record in records { #expect(try Data(contentsOf: record).range(of: Data("card.overflow".utf8)) == nil) }
        let third = try start()
        third.removeAll()
        #expect(third.diskBytes == 0)
        _ = try await ask(try start())
        #expect(made.count == 4)
    }
}
