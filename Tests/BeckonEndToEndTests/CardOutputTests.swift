import BeckonTestSupport
import Foundation
import Testing

/// The default site's Open Graph cards, as the binary writes them and the landing pages use them.
@Suite struct CardOutputTests {
    static let locales = ["en-US", "de-DE", "ja-JP", "ar"]
    static let samples = ["long-name", "arabic-name", "cjk-name", "emoji-name"]

    @Test func everyLocaleAndSampleHasA1200By630CardThatItsPagePointsAt() throws {
        let output = TemporaryDirectory()
        let run = try BeckonBinary.run(
            ["build", "--output", output.path("out").path], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: output.path("out/manifest.json"))) as? [String: Any]
        )
        let artifacts = try #require(manifest["artifacts"] as? [[String: Any]])
        let cards = Set(artifacts.filter { $0["kind"] as? String == "og-card" }.compactMap { $0["path"] as? String })
        #expect(cards.count == Self.locales.count * (Self.samples.count + 1))
        for locale in Self.locales {
            for name in ["generic"] + Self.samples {
                let path = "cards/\(locale)/\(name).png"
                #expect(cards.contains(path), "missing \(path)")
                let bytes = try [UInt8](Data(contentsOf: output.path("out/\(path)")))
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                let size = (
                    bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                )
                #expect(size == (1200, 630), "\(path) is \(size)")
                #expect(bytes.count <= 300 * 1024, "\(path) is \(bytes.count) bytes")
            }
            // The generic card speaks of no one: its alt text (the card's own words) names no sample.
            let generic = try String(contentsOf: output.path("out/\(locale)/invite/index.html"), encoding: .utf8)
            let start = try #require(generic.range(of: "og:image:alt\" content=\""))
            let alt = generic[start.upperBound...].prefix { $0 != "\"" }
            for name in ["Anna-Maria", "ليلى", "さくら", "Maya"] { #expect(!alt.contains(name), "\(locale): \(alt)") }
            #expect(generic.contains("cards/\(locale)/generic.png"))
            let page = try String(
                contentsOf: output.path("out/\(locale)/samples/long-name/invite/index.html"), encoding: .utf8)
            #expect(
                page.contains(
                    "<meta property=\"og:image\" content=\"https://join.playa.app/cards/\(locale)/long-name.png\">"))
            #expect(page.contains("<meta property=\"og:image:width\" content=\"1200\">"))
            #expect(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        }
    }

    @Test func aTitleThatCannotFitIsReportedWithItsLocaleAndSample() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(
            SiteFixture.minimal + """

                -- templates/og/card.yml --
                background: "#123456"
                title:
                  key: landing.title
                  color: "#ffffff"
                  size: 120
                  maxLines: 1

                """, to: site.url)
        let run = try BeckonBinary.run(["check", "--site", site.url.path])
        #expect(run.status == 1, "\(run.stdout)")
        // The finding points at the string to shorten, and names the locale and sample invite.
        #expect(run.stdout.contains("locales/de-DE.yml:4:10: error[card.overflow]"), "\(run.stdout)")
        #expect(run.stdout.contains("ellipsis (in de-DE, sample maya)"), "\(run.stdout)")
    }
}
