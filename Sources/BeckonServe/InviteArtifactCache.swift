import BeckonBuild
import BeckonEngine
import BeckonSite
import BeckonStore

/// Invites' own pages and cards, kept so a link opened again (by its recipient, or by each
/// crawler that previews it) is answered without rendering. They are results of engine steps:
/// keyed by everything they are made from — the kind and locale, every field of the invite
/// (through its encoding, so a field added is never left out: one invite's page is never
/// another's), and the link — and reused while what they read (the site's files, the strings)
/// is unchanged. Pages and cards each have a byte budget on an engine of their own; the least
/// recently used go first.
final class InviteArtifactCache: Sendable {
    static let page = Step<PersonalPage>("invite.page", weight: \.size)
    static let card = Step<PersonalPage>("invite.card", weight: \.size)

    private let pages: Engine
    private let cards: Engine

    /// Keeps at most `pageBudget` bytes of pages and `cardBudget` of cards (a card with a
    /// picture is about 150 KB), reading through `invitePages`' inputs.
    init(invitePages: InvitePages?, pageBudget: Int = 32 << 20, cardBudget: Int = 64 << 20) {
        pages = Engine(budget: pageBudget)
        cards = Engine(budget: cardBudget)
        invitePages?.provideInputs(to: pages)
        invitePages?.provideInputs(to: cards)
    }

    /// The page of `kind` in `locale` for an invite opened by `link`, made with `make` when none
    /// is kept.
    func page(
        _ kind: TemplateKind, locale: LocaleID, invite: SampleInvite, link: String, make: () -> PersonalPage
    ) -> PersonalPage {
        pages.value(Self.page, Self.page.key(kind.rawValue, locale, invite, link)) { make().kept }
    }

    /// The card in `locale` for an invite, by the link that vouches for it (with its picture's
    /// version), made with `make` when none is kept.
    func card(
        locale: LocaleID, invite: SampleInvite, link: String, make: () async throws(StoreError) -> PersonalPage
    ) async throws(StoreError) -> PersonalPage {
        try await cards.value(Self.card, Self.card.key(locale, invite, link)) { () async throws(StoreError) in
            try await make().kept
        }
    }

    /// Lets go of every kept page and card (a sender's data was erased: none with it stays in
    /// memory).
    func removeAll() {
        pages.releaseResults()
        cards.releaseResults()
    }

    /// How many pages and cards are kept, and the bytes they hold.
    var usage: (pages: Int, cards: Int, bytes: Int) {
        let (pageCount, pageBytes) = pages.weighedUsage
        let (cardCount, cardBytes) = cards.weighedUsage
        return (pageCount, cardCount, pageBytes + cardBytes)
    }
}
