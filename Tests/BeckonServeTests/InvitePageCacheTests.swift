import BeckonBuild
import BeckonRender
import BeckonSite
import Foundation
import InviteModel
import NIOCore
import Testing

@testable import BeckonServe

/// An invite's own page is rendered once per everything it is made from, and the cache stays
/// within its byte budget, dropping the least recently used pages first.
@Suite struct InvitePageCacheTests {
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

    /// Counts renders.
    final class Renders: @unchecked Sendable {
        var count = 0
    }

    @Test func aPageIsRenderedOncePerEverythingItIsMadeFrom() {
        let cache = InvitePageCache(budget: 1 << 20)
        let renders = Renders()
        let english = LocaleID("en-US")!
        func ask(_ invite: SampleInvite, _ locale: LocaleID = LocaleID("en-US")!, link: String = "https://l/1") {
            _ = cache.page(.landing, locale: locale, invite: invite, link: link) {
                renders.count += 1
                return page(100)
            }
        }
        ask(invite("Maya"))
        ask(invite("Maya"))
        #expect(renders.count == 1)
        // Another name, title, locale, link or kind is another page.
        ask(invite("Maya2"))
        ask(invite("Maya", title: "a run"))
        ask(invite("Maya"), LocaleID("de-DE")!)
        ask(invite("Maya"), link: "https://l/2")
        _ = cache.page(.expired, locale: english, invite: invite("Maya"), link: "https://l/1") {
            renders.count += 1
            return page(100)
        }
        #expect(renders.count == 6)
        // Fields whose joined texts would match are still apart.
        ask(invite("Maya\u{1F}1"))
        #expect(renders.count == 7)
    }

    @Test func theBudgetHoldsAndTheLeastRecentlyUsedGoFirst() {
        let cache = InvitePageCache(budget: 10_000)
        let english = LocaleID("en-US")!
        for index in 0..<100 {
            _ = cache.page(.landing, locale: english, invite: invite("n\(index)"), link: "l") { page(1_000) }
            // The first page is used again and again: it stays.
            _ = cache.page(.landing, locale: english, invite: invite("n0"), link: "l") { page(1_000) }
            #expect(cache.usage.bytes <= 10_000)
        }
        let renders = Renders()
        _ = cache.page(.landing, locale: english, invite: invite("n0"), link: "l") {
            renders.count += 1
            return page(1_000)
        }
        _ = cache.page(.landing, locale: english, invite: invite("n1"), link: "l") {
            renders.count += 1
            return page(1_000)
        }
        #expect(renders.count == 1)
        // A page over a quarter of the budget is not kept.
        _ = cache.page(.landing, locale: english, invite: invite("big"), link: "l") { page(5_000) }
        #expect(cache.usage.bytes <= 10_000)
        cache.removeAll()
        #expect(cache.usage.pages == 0 && cache.usage.bytes == 0)
    }

    /// What is kept is counted: the page's bytes once (in its body), not again in its artifact.
    @Test func aKeptPageHoldsItsBytesOnce() throws {
        let cache = InvitePageCache(budget: 1 << 20)
        let english = LocaleID("en-US")!
        let made = cache.page(.landing, locale: english, invite: invite("Ada"), link: "l") { page(4_000) }
        let kept = try #require(cache.kept(.landing, locale: english, invite: invite("Ada"), link: "l"))
        guard case .page(let artifact) = kept.rendered, case .page(let original) = made.rendered else {
            Issue.record("no page kept")
            return
        }
        #expect(artifact.bytes.isEmpty && original.bytes.count == 4_000)
        #expect(kept.body?.readableBytes == 4_000 && artifact.contentType == "text/html")
        #expect(cache.usage.bytes >= 4_000 + InvitePageCache.entryOverhead)
    }
}
