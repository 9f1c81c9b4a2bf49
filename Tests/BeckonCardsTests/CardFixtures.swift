import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Crypto
import Foundation

@testable import BeckonCards

/// Layouts, contents and images shared by the card tests.
enum CardFixtures {
    /// The theme of the minimal test site: light text `#111111`, button `#0645ad`, button text `#ffffff`.
    static let theme: ThemeConfig = {
        let text = SiteFixture.files(SiteFixture.minimal).first { $0.0 == "beckon.yml" }!.1
        let (value, _) = YAMLParser.parse(text, path: "beckon.yml")
        return SiteConfig(value!, reader: YAMLReader(family: "config"))!.theme
    }()

    /// A 320×320 picture of a person on an orange gradient.
    static let avatar = read("avatar.png")
    /// The Playa logo for dark backgrounds, 240×80 with transparency.
    static let logo = read("logo.png")

    /// The layout the golden cards are drawn with; every colour is written out, so the goldens do
    /// not change with the test site's theme.
    static let layoutText = """
        background:
          from: "#0b57d0"
          to: "#6a1b9a"
          angle: 135
        logo:
          path: assets/og-logo.png
          height: 56
        avatar:
          size: 220
          accent: "#ffd166"
          initialsColor: "#1b1b1f"
          border: "#ffffff"
        title:
          key: og.title
          color: "#ffffff"
          size: 64
          weight: bold
        subtitle:
          key: og.subtitle
          color: "#e3ecff"
          size: 34
        footer:
          key: og.footer
          color: "#c7d7fb"
          size: 26
          weight: medium
        """

    /// A white card with only a black title, for measuring where text lands.
    static let plainLayoutText = """
        background: "#ffffff"
        title: {key: og.title, color: "#000000", size: 64}
        """

    static func layout(_ text: String = layoutText) -> CardLayout {
        let (layout, diagnostics) = CardLayout.parse(
            SourceText(path: "templates/og/card.yml", text: text), theme: theme)
        precondition(layout != nil, "the fixture layout does not parse: \(diagnostics)")
        return layout!
    }

    static func assets() throws -> CardAssets {
        try CardAssets(logoPNG: logo)
    }

    static func read(_ name: String) -> [UInt8] {
        let url = Repository.root.appendingPathComponent("Tests/BeckonCardsTests/Fixtures/\(name)")
        return [UInt8](FileManager.default.contents(atPath: url.path) ?? Data())
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Width and height from a PNG's `IHDR` chunk, read here rather than with the code under test.
    static func dimensions(ofPNG bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func uint32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (uint32(16), uint32(20))
    }

    /// Writes a card to `$BECKON_CARD_PNGS/NAME.png` when that variable names a folder, for looking at.
    static func keep(_ png: [UInt8], as name: String) {
        guard let folder = ProcessInfo.processInfo.environment["BECKON_CARD_PNGS"] else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(png).write(to: URL(fileURLWithPath: "\(folder)/\(name).png"))
    }
}
