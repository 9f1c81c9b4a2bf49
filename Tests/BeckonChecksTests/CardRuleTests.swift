import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import BeckonSite
import Testing

/// The card rules, over PNG headers and the facts the renderer reported.
@Suite struct CardRuleTests {
    /// The first 33 bytes of a PNG: signature and IHDR chunk with the given size.
    static func png(width: Int, height: Int, padding: Int = 0) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width)
            + be32(height) + [8, 2, 0, 0, 0] + be32(0) + [UInt8](repeating: 0, count: padding)
    }

    static let white = Color(red: 255, green: 255, blue: 255)

    func findings(
        _ bytes: [UInt8], overflowed: Bool = false, texts: [CardFacts.Text] = [], sample: String? = "long-name"
    ) -> [Diagnostic] {
        var artifact = Artifact(
            path: "cards/de-DE/long-name.png", kind: .ogCard, locale: LocaleID("de-DE"),
            template: "templates/og/card.yml",
            sample: sample, contentType: "image/png", bytes: bytes)
        artifact.card = CardFacts(titleOverflowed: overflowed, texts: texts)
        return Checker.standard(CheckContext(allowedHosts: [])).check([artifact])
    }

    @Test func aWellFormedCardPasses() {
        #expect(findings(Self.png(width: 1200, height: 630)).isEmpty)
    }

    @Test(arguments: [(1200, 628), (630, 1200), (1201, 630)])
    func theWrongDimensionsAreFound(width: Int, height: Int) {
        let found = findings(Self.png(width: width, height: height))
        #expect(found.map(\.rule) == ["card.size"])
        #expect(found.first?.message.contains("\(width)×\(height)") == true)
    }

    @Test func overWhatsAppsLimitIsFound() {
        let found = findings(Self.png(width: 1200, height: 630, padding: 300 * 1024))
        #expect(found.map(\.rule) == ["card.size"])
        #expect(findings(Self.png(width: 1200, height: 630, padding: 300 * 1024 - 40)).isEmpty)
    }

    @Test func notAPNGIsFound() {
        #expect(findings(Array("GIF89a, surely not".utf8)).map(\.rule) == ["card.size"])
    }

    @Test func anOverflowingTitleNamesItsLocaleAndSample() throws {
        let found = findings(Self.png(width: 1200, height: 630), overflowed: true)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.rule == "card.overflow")
        #expect(finding.locale == "de-DE")
        #expect(finding.sample == "long-name")
        #expect(finding.location?.file == "templates/og/card.yml")
    }

    @Test func aWidowIsFoundAtTheTitlesString() throws {
        var artifact = Artifact(
            path: "cards/ja-JP/generic.png", kind: .ogCard, locale: LocaleID("ja-JP"),
            template: "templates/og/card.yml", contentType: "image/png", bytes: Self.png(width: 1200, height: 630))
        let title = SourceLocation(file: "locales/ja-JP.yml", line: 12, column: 10)
        artifact.card = CardFacts(titleOverflowed: false, texts: [], titleSource: title, titleEndsInWidow: true)
        let found = Checker.standard(CheckContext(allowedHosts: [])).check([artifact])
        #expect(found.map(\.rule) == ["card.widow"])
        #expect(found.first?.location == title)
        artifact.card?.titleEndsInWidow = false
        #expect(Checker.standard(CheckContext(allowedHosts: [])).check([artifact]).isEmpty)
    }

    @Test(
        arguments: [
            // Large title: 3:1 suffices; #949494 on white is 3.03:1.
            (Color(red: 0x94, green: 0x94, blue: 0x94), true, false),
            // Normal text needs 4.5:1: the same grey fails.
            (Color(red: 0x94, green: 0x94, blue: 0x94), false, true),
            // #777777 on white is 4.478:1, which must not round up to a pass.
            (Color(red: 0x77, green: 0x77, blue: 0x77), false, true),
            (Color(red: 0x76, green: 0x76, blue: 0x76), false, false),
        ])
    func contrastIsMeasuredAgainstEveryBackground(color: Color, isLarge: Bool, fails: Bool) {
        let text = CardFacts.Text(
            role: "subtitle", color: color, backgrounds: [Color(red: 0, green: 0, blue: 0), Self.white],
            isLarge: isLarge)
        let found = findings(Self.png(width: 1200, height: 630), texts: [text])
        #expect(found.map(\.rule) == (fails ? ["contrast.card"] : []))
    }
}
