import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import InviteModel
import Testing

@testable import BeckonInvitePages

/// A name too long for the card's title keeps its sender on the card: the title shrinks within
/// the layout's bounds, then the name is shortened (its first word, then a cut with an ellipsis),
/// on the default site in every locale; only when nothing fits does the card fall back.
@Suite struct LongNameCardTests {
    static func invite(_ firstName: String, fullName: String? = nil) throws -> InviteValues {
        var invite = try #require(
            InviteValues(
                invite: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
                inviterFirstName: firstName,
                context: .generic, contextID: nil, contextTitle: nil, code: InviteCode("AAAAAAAAAAAAAAA")!,
                createdAt: Date(timeIntervalSince1970: 1_767_225_600)))
        invite.inviterName = fullName ?? firstName
        return invite
    }

    /// Each 60-character name, and the short form its card is expected to show.
    static let names = [
        ("Bartholomew Maximilian Alexander Fitzgerald-Montgomery Smith", "Bartholomew"),
        ("Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaf", "Wolfeschlege…"),
    ]

    @Test func aSixtyCharacterNameKeepsItsSenderOnTheCardInEveryLocale() async throws {
        let result = await InvitePagesTests().build(Repository.root)
        let pages = try #require(result.invitePages)
        for (name, short) in Self.names {
            #expect(name.count == 60)
            for locale in pages.site.buildLocales {
                guard case .page(let card) = pages.card(locale: locale, invite: try Self.invite(name)) else {
                    Issue.record("\(locale): the card of `\(name)` fell back")
                    continue
                }
                #expect(card.card?.titleOverflowed == false)
                // The card names the sender: the whole name shrunk to fit, or its short form.
                let drawn = card.card?.shortenedTitle
                #expect(drawn == nil || drawn?.contains(short) == true, "\(locale): \(drawn ?? name)")
                let generic = try #require(result.artifacts.first { $0.path == "cards/\(locale.rawValue)/generic.png" })
                let differs = card.bytes != generic.bytes
                #expect(differs)
            }
        }
    }

    /// The invite's own page too: where the name as given fails a rule (the title's length), the
    /// page is rendered with the name's first word, in every locale, rather than falling back to
    /// the locale's page without a sender.
    @Test func aSixtyCharacterNameKeepsItsSenderOnThePageInEveryLocale() async throws {
        let result = await InvitePagesTests().build(Repository.root)
        let pages = try #require(result.invitePages)
        let (name, short) = Self.names[0]
        for locale in pages.site.buildLocales {
            let rendered = pages.page(
                .landing, locale: locale, invite: try Self.invite(name),
                link: "https://join.playa.app/invite/AAAAAAAAAAAAAAA")
            guard case .page(let page) = rendered else {
                Issue.record("\(locale): the page of `\(name)` fell back: \(rendered)")
                continue
            }
            let html = String(decoding: page.bytes, as: UTF8.self)
            #expect(html.contains(short), "\(locale)")
        }
    }
}
