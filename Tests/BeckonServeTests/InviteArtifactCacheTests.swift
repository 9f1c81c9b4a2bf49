import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonSite
import BeckonStore
import Crypto
import Foundation
import InviteModel
import NIOCore
import Synchronization
import Testing

@testable import BeckonServe

/// An invite's own page is made once per everything it is made from, and the kept pages stay
/// within their byte budget, the least recently used going first.
@Suite struct InviteArtifactCacheTests {
    let id = UUID()

    func invite(_ name: String, title: String? = nil) -> InviteValues {
        InviteValues(
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

    @Test func aPageIsMadeOncePerEverythingItIsMadeFrom() async {
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: 1 << 20)
        let made = Made()
        let english = LocaleID("en-US")!
        func ask(
            _ invite: InviteValues, _ locale: LocaleID = LocaleID("en-US")!, link: String = "https://l/1"
        ) async {
            _ = await cache.page(.landing, locale: locale, invite: invite, link: link, generation: cache.generation) {
                made.count += 1
                return page(100)
            }
        }
        await ask(invite("Maya"))
        await ask(invite("Maya"))
        #expect(made.count == 1)
        // Another name, title, locale, link or kind is another page.
        await ask(invite("Maya2"))
        await ask(invite("Maya", title: "a run"))
        await ask(invite("Maya"), LocaleID("de-DE")!)
        await ask(invite("Maya"), link: "https://l/2")
        _ = await cache.page(
            .expired, locale: english, invite: invite("Maya"), link: "https://l/1", generation: cache.generation
        ) {
            made.count += 1
            return page(100)
        }
        #expect(made.count == 6)
        // Every field counts, those no page shows today too: nobody lists them.
        var withPhone = invite("Maya")
        withPhone.phone = PhoneNumber(e164: "+447700900123")
        await ask(withPhone)
        withPhone.phone = PhoneNumber(e164: "+447700900999")
        await ask(withPhone)
        var withMessages = invite("Maya")
        withMessages.messages = "b"
        await ask(withMessages)
        #expect(made.count == 9)
    }

    /// A request for a page another request is making waits for it and takes it kept: the page
    /// is made once. The first request's `make` holds its thread until the second waits. Each
    /// request runs on a thread of its own, outside Swift's pool, which other tests may keep busy
    /// for minutes.
    @Test func aPageAskedForWhileItIsMadeIsMadeOnce() async {
        // The test's own task runs on a thread of its own too: it waits for the first request
        // to start making the page.
        await withTaskExecutorPreference(OwnThreadExecutor()) { await pageAskedTwiceAtOnce() }
    }

    private func pageAskedTwiceAtOnce() async {
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: 1 << 20)
        let english = LocaleID("en-US")!
        let made = Mutex(0)
        let making = Mutex(false)
        let sawWaiter = Mutex(false)
        let maya = invite("Maya")
        let made100 = page(100)
        let ask: @Sendable () async -> PersonalPage = {
            await cache.page(.landing, locale: english, invite: maya, link: "l", generation: cache.generation) {
                made.withLock { $0 += 1 }
                making.withLock { $0 = true }
                // Held until the other request waits for this page (at most 60 s).
                let deadline = Date().addingTimeInterval(60)
                while cache.waiting == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
                sawWaiter.withLock { $0 = cache.waiting > 0 }
                return made100
            }
        }
        let first = Task(executorPreference: OwnThreadExecutor()) { await ask() }
        while !making.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
        let second = await ask()
        _ = await first.value
        #expect(sawWaiter.withLock { $0 })
        #expect(made.withLock { $0 } == 1)
        #expect(second.body?.readableBytes == 100)
        #expect(cache.waiting == 0)
    }

    /// A card asked for while another request draws it waits and takes it kept: drawn once.
    /// As the page's test, each request runs on a thread of its own.
    @Test func aCardAskedForWhileItIsDrawnIsDrawnOnce() async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor()) { try await cardAskedTwiceAtOnce() }
    }

    private func cardAskedTwiceAtOnce() async throws {
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: 1 << 20)
        let english = LocaleID("en-US")!
        let drawn = Mutex(0)
        let maya = invite("Maya")
        let card = page(200)
        let ask: @Sendable () async throws -> PersonalPage = {
            try await cache.card(locale: english, invite: maya, link: "l", generation: cache.generation) {
                () async throws(StoreError) in
                drawn.withLock { $0 += 1 }
                // Drawn until the other request waits for this card (at most 60 s).
                let deadline = ContinuousClock.now + .seconds(60)
                while cache.waiting == 0, ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(1))
                }
                return card
            }
        }
        let first = Task(executorPreference: OwnThreadExecutor()) { try await ask() }
        while drawn.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(1)) }
        let second = try await ask()
        _ = try await first.value
        #expect(drawn.withLock { $0 } == 1)
        #expect(second.body?.readableBytes == 200)
        #expect(cache.waiting == 0)
    }

    @Test func theBudgetHoldsAndTheLeastRecentlyUsedGoFirst() async {
        let budget = 64_000
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: budget)
        let english = LocaleID("en-US")!
        for index in 0..<100 {
            _ = await cache.page(
                .landing, locale: english, invite: invite("n\(index)"), link: "l", generation: cache.generation
            ) { page(4_000) }
            // The first page is used again and again: it stays.
            _ = await cache.page(
                .landing, locale: english, invite: invite("n0"), link: "l", generation: cache.generation
            ) { page(4_000) }
            #expect(cache.usage.bytes <= budget)
        }
        let made = Made()
        _ = await cache.page(.landing, locale: english, invite: invite("n0"), link: "l", generation: cache.generation) {
            made.count += 1
            return page(4_000)
        }
        _ = await cache.page(.landing, locale: english, invite: invite("n1"), link: "l", generation: cache.generation) {
            made.count += 1
            return page(4_000)
        }
        #expect(made.count == 1)
        // A page over a quarter of the budget is not kept.
        let before = cache.usage
        _ = await cache.page(.landing, locale: english, invite: invite("big"), link: "l", generation: cache.generation)
        { page(20_000) }
        #expect(cache.usage.pages == before.pages)
        cache.removeAll()
        #expect(cache.usage.pages == 0 && cache.usage.bytes == 0)
    }

    /// What is kept is counted: the page's bytes once (in its body), not again in its artifact.
    @Test func aKeptPageHoldsItsBytesOnce() async {
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: 1 << 20)
        let english = LocaleID("en-US")!
        let made = await cache.page(
            .landing, locale: english, invite: invite("Ada"), link: "l", generation: cache.generation
        ) { page(4_000) }
        let kept = await cache.page(
            .landing, locale: english, invite: invite("Ada"), link: "l", generation: cache.generation
        ) { page(1) }
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
            let page = await cache.page(
                .landing, locale: english, invite: invite("Maya"), link: "l", generation: cache.generation
            ) {
                made.count += 1
                return self.page(300)
            }
            let card = try await cache.card(
                locale: english, invite: invite("Maya"), link: "l", generation: cache.generation
            ) {
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
    /// A page made from an invite read before an erasure (with the name it cleared) is let go
    /// once made, whichever finished first.
    @Test func aPageMadeFromAnInviteReadBeforeAnErasureIsNotKept() async {
        let cache = InviteArtifactCache(invitePages: nil, pageBudget: 1 << 20)
        let english = LocaleID("en-US")!
        let before = cache.generation
        _ = await cache.page(.landing, locale: english, invite: invite("Ada"), link: "l", generation: before) {
            cache.removeAll()
            return page(4_000)
        }
        #expect(cache.usage.pages == 0)
        _ = await cache.page(.landing, locale: english, invite: invite("Ada"), link: "l", generation: before) {
            page(4_000)
        }
        #expect(cache.usage.pages == 0, "read before the erasure, made after it")
        _ = await cache.page(.landing, locale: english, invite: invite("Bo"), link: "l", generation: cache.generation) {
            page(4_000)
        }
        #expect(cache.usage.pages == 1)
    }

}

/// Runs a task's work on a serial dispatch queue of its own, outside Swift's cooperative pool: a
/// test's work that blocks its thread there takes none of the pool's threads.
private final class OwnThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "beckon.tests.own-thread")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

}
