import BeckonEngine
import BeckonInvitePages
import BeckonSite
import BeckonStore
import Synchronization

/// Invites' own pages and cards, kept so a link opened again (by its recipient, or by each
/// crawler that previews it) is answered without rendering. They are results of engine steps:
/// keyed by everything they are made from — the kind and locale, every field of the invite
/// (through its encoding, so a field added is never left out: one invite's page is never
/// another's), and the link — and reused while what they read (the site's files, the strings)
/// is unchanged. Pages and cards each have a byte budget on an engine of their own; the least
/// recently used go first. With a disk cache (`--cache DIR`) they are also kept there, sealed, and
/// a later start reuses those whose reads are unchanged.
final class InviteArtifactCache: Sendable {
    static let page = Step<PersonalPage>("invite.page", weight: \.size)
    static let card = Step<PersonalPage>("invite.card", weight: \.size)

    private let pages: Engine
    private let cards: Engine
    /// Invites' fingerprints (through their encoding, which is slow), by the invite itself: the
    /// few invites opened again and again (each crawler, each reload) are encoded once. Equal
    /// invites have equal fingerprints, so keeping them never changes a key.
    private let fingerprints = Mutex<[InviteValues: Fingerprint]>([:])
    /// How many invites' fingerprints are kept before they are all let go.
    static let fingerprintsKept = 4_096
    /// How many times everything kept was let go (`removeAll`): a page or card made from an
    /// invite read before then is let go too once it is kept (`keepUnlessErased`).
    private let erasures = Mutex(0)
    /// Pages and cards being made now: one asked for again meanwhile is made once.
    private let makingPages = SingleFlight()
    private let makingCards = SingleFlight()

    /// Keeps at most `pageBudget` bytes of pages and `cardBudget` of cards in memory (a card with
    /// a picture is about 150 KB), and in `disk` too when given, reading through `invitePages`'
    /// inputs.
    init(
        invitePages: InvitePages?, pageBudget: Int = 32 << 20, cardBudget: Int = 64 << 20, disk: StepCache? = nil
    ) {
        pages = Engine(cache: disk, budget: pageBudget)
        cards = Engine(cache: disk, budget: cardBudget)
        invitePages?.provideInputs(to: pages)
        invitePages?.provideInputs(to: cards)
    }

    /// The page of `kind` in `locale` for an invite opened by `link`, made with `make` when none
    /// is kept. While another request makes the same page, this one waits for it (without
    /// holding its thread) and then takes it kept.
    /// `generation` is `self.generation` from before the invite was read from the store.
    func page(
        _ kind: TemplateKind, locale: LocaleID, invite: InviteValues, link: String, generation: Int,
        make: () -> PersonalPage
    ) async -> PersonalPage {
        let key = Self.page.key(kind.rawValue, locale.rawValue, fingerprint(invite), link)
        let page = await makingPages.run(key) { pages.persistentValue(Self.page, key) { make().kept } }
        keepUnlessErased(since: generation)
        return page
    }

    /// How many erasures there have been: read it before reading an invite from the store.
    var generation: Int { erasures.withLock { $0 } }

    /// Lets go of everything again when an erasure happened since `generation`: a page or card
    /// made from an invite read before the erasure (with the name it cleared) is never kept
    /// after it, in memory or on disk.
    private func keepUnlessErased(since generation: Int) {
        if self.generation != generation { removeAll() }
    }

    /// How many requests wait for a page or card another one is making.
    var waiting: Int { makingPages.waiting + makingCards.waiting }

    /// The card in `locale` for an invite, by the link that vouches for it (with its picture's
    /// version), made with `make` when none is kept.
    func card(
        locale: LocaleID, invite: InviteValues, link: String, generation: Int,
        make: () async throws(StoreError) -> PersonalPage
    ) async throws(StoreError) -> PersonalPage {
        let key = Self.card.key(locale.rawValue, fingerprint(invite), link)
        let card = try await makingCards.run(key) { () async throws(StoreError) in
            try await cards.persistentValue(Self.card, key) { () async throws(StoreError) in try await make().kept }
        }
        keepUnlessErased(since: generation)
        return card
    }

    /// The fingerprint of every field of an invite, through its encoding (a field added is never
    /// left out).
    private func fingerprint(_ invite: InviteValues) -> Fingerprint {
        if let known = fingerprints.withLock({ $0[invite] }) { return known }
        let computed = Fingerprint(encoding: invite)
        fingerprints.withLock {
            if $0.count >= Self.fingerprintsKept { $0.removeAll(keepingCapacity: true) }
            $0[invite] = computed
        }
        return computed
    }

    /// Lets go of every kept page and card (a sender's data was erased: none with it stays in
    /// memory or on disk).
    func removeAll() {
        erasures.withLock { $0 += 1 }
        pages.releaseResults()
        cards.releaseResults()
        pages.cache?.removeRecords()
        fingerprints.withLock { $0.removeAll() }
    }

    /// The bytes kept on disk, when pages and cards are kept there (one cache holds both).
    var diskBytes: Int? { pages.cache?.recordBytes }

    /// How many pages and cards are kept in memory, and the bytes they hold.
    var usage: (pages: Int, cards: Int, bytes: Int) {
        let (pageCount, pageBytes) = pages.weighedUsage
        let (cardCount, cardBytes) = cards.weighedUsage
        return (pageCount, cardCount, pageBytes + cardBytes)
    }
}
