import BeckonRender
import BeckonSite
import BeckonTestSupport
import BeckonWeb
import Foundation
import InviteModel
import Testing

@testable import BeckonBuild
@testable import BeckonInvitePages

/// Pages for invites outside the samples are rendered by the build's own renderer: an invite
/// with a sample's fields gives the sample's built page byte for byte.
@Suite struct InvitePagesTests {
    static let sites = [
        Repository.root, Repository.root.appendingPathComponent("examples/playa"),
        Repository.root.appendingPathComponent("examples/selffull"),
    ]

    func build(_ site: URL) async -> BuildResult {
        let options = BuildOptions(
            site: site, output: nil, write: false,
            environment: [
                "BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch,
            ])
        return await Pipeline(options: options).run()
    }

    @Test(arguments: sites)
    func anInviteWithASamplesFieldsGetsTheSamplesPage(site: URL) async throws {
        let result = await build(site)
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.prefix(3))")
        let pages = try #require(result.invitePages)
        let built = Dictionary(result.artifacts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var compared = 0
        let samplePages = result.artifacts.filter { $0.sample != nil && $0.kind.isInvitePage }.count
        for sample in pages.renderer.site.config.samples {
            let link = try #require(pages.renderer.sampleLinks[sample.id])
            for locale in pages.renderer.site.buildLocales {
                for kind in TemplateKind.allCases where kind.isPersonal {
                    let path = PageRoute(kind: kind, locale: locale, sample: sample.id).filePath
                    guard let expected = built[path] else { continue }
                    guard
                        case .page(let page) = pages.page(
                            kind, locale: locale, invite: sample, link: link, asSample: true)
                    else {
                        Issue.record("\(path) was not rendered for the invite")
                        continue
                    }
                    #expect(page.bytes == expected.bytes, "\(path)")
                    compared += 1
                }
            }
        }
        // Every built sample page was compared (a site may build none: examples/playa serves no landing page).
        #expect(compared == samplePages)
    }

    /// An invite from Ngozi outside the samples, with `code`, and a link to it.
    static func invite(code: String) throws -> (InviteValues, String) {
        let invite = try #require(
            InviteValues(
                invite: UUID(), inviterFirstName: "Ngozi", context: .generic, contextID: nil, contextTitle: nil,
                code: InviteCode(code)!, createdAt: Date()))
        return (invite, "https://join.playa.app/invite/\(code)?exp=1&kid=p1&sig=x")
    }

    @Test func anInvitesPageIsTheLocalesPageWithItsValues() async throws {
        let result = await build(Repository.root)
        let pages = try #require(result.invitePages)
        let (invite, link) = try Self.invite(code: "AAAAAAAAAAAAAAA")
        guard case .page(let page) = pages.page(.landing, locale: LocaleID("de-DE")!, invite: invite, link: link) else {
            Issue.record("no page")
            return
        }
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains("Ngozi"))
        // Its URL, alternates and card are the locale's page's: the invite has no page of its own.
        #expect(html.contains("rel=\"canonical\" href=\"https://join.playa.app/de-DE/invite/\""))
        #expect(!html.contains("/samples/"))
        #expect(page.path == "de-DE/invite/index.html")
        // The gone page never shows an invite's values, and a locale the site lacks has no page.
        if case .notPersonal = pages.page(.gone, locale: LocaleID("de-DE")!, invite: invite, link: link) {
        } else {
            Issue.record("the gone page was rendered for an invite")
        }
        if case .notPersonal = pages.page(.landing, locale: LocaleID("xx-XX")!, invite: invite, link: link) {
        } else {
            Issue.record("a page was rendered in a locale the site does not build")
        }
    }

    /// Every page of a locale shares what its context reads the same (`LocaleParts`), made by the
    /// build: a page served through the store hand-off sets its own store links over them, and
    /// the next page without one has the App Store's own link again.
    @Test func aHandOffPageHasItsOwnStoreLinksAndLeavesTheLocalesAlone() async throws {
        let result = await build(Repository.root)
        let pages = try #require(result.invitePages)
        let (invite, link) = try Self.invite(code: "BBBBBBBBBBBBBBB")
        let german = LocaleID("de-DE")!
        func html(_ handOff: StoreHandOff?) throws -> String {
            guard
                case .page(let page) = pages.page(
                    .landing, locale: german, invite: invite, link: link, handOff: handOff)
            else { throw CocoaError(.featureUnsupported) }
            return String(decoding: page.bytes, as: UTF8.self)
        }
        let store = "href=\"https://apps.apple.com/app/id6478123450\""
        #expect(try html(nil).contains(store))
        let handedOff = try html(StoreHandOff(link: link, copiesLink: false))
        #expect(
            handedOff.contains(
                "href=\"https://join.playa.app/invite/BBBBBBBBBBBBBBB?exp=1&amp;kid=p1&amp;sig=x&amp;store=app-store\"")
        )
        #expect(!handedOff.contains(store))
        #expect(try html(nil).contains(store))
    }
}
