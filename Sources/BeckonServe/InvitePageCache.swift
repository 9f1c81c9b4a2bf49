import BeckonBuild
import BeckonSite
import NIOCore
import Synchronization

/// What a link opened on an invite's own page answers with, made once per page: the page (or why
/// there is none), and for a page its response body and Content-Security-Policy.
struct PersonalPage: Sendable {
    var rendered: InvitePages.Rendered
    var body: ByteBuffer?
    var policy: String?
    /// For a card, its `ETag`.
    var tag: String?

    /// The bytes it holds.
    var size: Int { body?.readableBytes ?? 0 }
}

/// Pages rendered for invites, kept so a link opened again (by its recipient, or by each crawler
/// that previews it) is answered without rendering: found by everything the page is made from —
/// its kind and locale, every field of the invite as the page sees it, and the link it was opened
/// with — so one invite's page is never another's. The site is fixed for the server's lifetime.
/// Holds at most `budget` bytes of pages; the least recently used go first.
final class InvitePageCache: Sendable {
    /// The most page bytes kept.
    let budget: Int
    private let state = Mutex(State())

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock = 0
    }

    private struct Entry {
        var page: PersonalPage
        var bytes: Int
        var lastUse: Int
    }

    init(budget: Int = 32 << 20) {
        self.budget = budget
    }

    /// The page for a key, made with `make` when it is not kept.
    func page(
        _ kind: TemplateKind, locale: LocaleID, invite: SampleInvite, link: String, make: () -> PersonalPage
    ) -> PersonalPage {
        if let kept = kept(kind, locale: locale, invite: invite, link: link) { return kept }
        let page = make()
        keep(page, kind, locale: locale, invite: invite, link: link)
        return page
    }

    /// The page kept for a key, if any (it becomes the most recently used).
    func kept(_ kind: TemplateKind, locale: LocaleID, invite: SampleInvite, link: String) -> PersonalPage? {
        let key = Self.key(kind, locale, invite, link)
        return state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[key] else { return nil }
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.page
        }
    }

    /// What an entry costs besides its body and key: the artifact's other fields, the policy,
    /// the dictionary's slot.
    static let entryOverhead = 1_024

    /// Keeps a page for a key, letting the least recently used go when over the budget. The page's
    /// artifact is kept without its bytes and provenance (the body holds the bytes once), so the
    /// budget counts what is held.
    func keep(_ page: PersonalPage, _ kind: TemplateKind, locale: LocaleID, invite: SampleInvite, link: String) {
        var page = page
        if case .page(var artifact) = page.rendered {
            artifact.bytes = []
            artifact.provenance = nil
            page.rendered = .page(artifact)
        }
        let key = Self.key(kind, locale, invite, link)
        let size = page.size + key.utf8.count + (page.policy?.utf8.count ?? 0) + Self.entryOverhead
        guard size <= budget / 4 else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue(Entry(page: page, bytes: size, lastUse: state.clock), forKey: key) {
                state.bytes -= old.bytes
            }
            state.bytes += size
            guard state.bytes > budget else { return }
            // Down to three quarters of the budget, least recently used first: one sort per many inserts.
            for (key, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard state.bytes > budget / 4 * 3 else { break }
                state.entries[key] = nil
                state.bytes -= entry.bytes
            }
        }
    }

    /// Lets go of every kept page (a sender's data was erased: no page with it stays in memory).
    func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.bytes = 0
        }
    }

    /// How many pages and bytes are kept.
    var usage: (pages: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }

    /// Every input of the page, each field in its own slot.
    private static func key(_ kind: TemplateKind, _ locale: LocaleID, _ invite: SampleInvite, _ link: String) -> String
    {
        let fields: [String] = [
            kind.rawValue, locale.rawValue, invite.id, invite.inviterFirstName, invite.inviterName,
            invite.context.rawValue, invite.contextID ?? "\u{0}", invite.contextTitle ?? "\u{0}", invite.code.rawValue,
            String(invite.createdAt.timeIntervalSince1970), link,
        ]
        // Each field's length first, so no choice of field contents can make two keys alike.
        return fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "\u{1F}")
    }
}
