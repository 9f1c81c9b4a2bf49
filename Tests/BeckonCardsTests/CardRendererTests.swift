import BeckonCards
import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@Suite struct CardRendererTests {
    let layout = CardFixtures.layout()

    func render(_ content: CardContent, layout: CardLayout? = nil) throws -> RenderedCard {
        try CardRenderer.render(layout ?? self.layout, content, assets: CardFixtures.assets())
    }

    @Test(
        arguments: [
            ("Maya invited you", 1, false),
            ("Maya invited you to Playa", 2, false),
            // Too long for two lines at 64 px: drawn smaller (the default floor is 48 px).
            ("Anna-Maria Josefine Charlotte Bernadotte invited you to Playa", 2, false),
            (String(repeating: "長い名前", count: 40), 2, true),
        ])
    func titlesWrapToTwoLinesAndReportOverflow(title: String, lines: Int, overflowed: Bool) throws {
        let card = try render(CardContent(title: title, locale: LocaleID("en-US")!, initials: "AB"))
        CardFixtures.keep(card.png, as: "title-\(title.count)")
        #expect(card.titleLineCount == lines)
        #expect(card.titleOverflowed == overflowed)
    }

    /// Japanese breaks between any two characters: one character more than a line holds is a
    /// widow on the second line, two more are not, and punctuation does not count as a letter.
    @Test func aTitleWhoseLastLineIsOneCharacterEndsInAWidow() throws {
        let japanese = LocaleID("ja-JP")!
        func card(_ count: Int, _ end: String = "") throws -> RenderedCard {
            try render(CardContent(title: String(repeating: "招", count: count) + end, locale: japanese))
        }
        let oneLine = try #require((1...40).last { (try? card($0))?.titleLineCount == 1 })
        #expect(try !card(oneLine).titleEndsInWidow, "a single line is never a widow")
        let widow = try card(oneLine + 1)
        #expect(widow.titleLineCount == 2 && widow.titleEndsInWidow)
        let two = try card(oneLine + 2)
        #expect(two.titleLineCount == 2 && !two.titleEndsInWidow)
        #expect(try card(oneLine + 1, "。").titleEndsInWidow, "「招。」 is still one letter")
    }

    @Test func theGenericCardNeedsNoPersonalData() throws {
        let card = try render(
            CardContent(title: "You're invited to Playa", subtitle: "Join 50K+ people.", locale: LocaleID("de-DE")!))
        CardFixtures.keep(card.png, as: "generic")
        #expect(CardFixtures.dimensions(ofPNG: card.png)! == (1200, 630))
        #expect(card.colors.map(\.element) == [.subtitle, .title])
        #expect(card.titleLineCount == 1)
    }

    static let texts: [String: String] = [
        "nothing": "",
        "controls and separators": "\u{0}\u{7}\u{1B}[31m\r\n\t\u{2028}\u{2029}",
        "50,000 emoji": String(repeating: "🌴", count: 50_000),
        "10,000 combining marks": "e" + String(repeating: "\u{301}", count: 10_000),
        "5,000 overrides and joiners": String(repeating: "\u{202E}\u{200D}", count: 5_000),
    ]

    /// The texts are named, not passed: a test's arguments are printed with its result.
    @Test(arguments: texts.keys.sorted())
    func anyTextRenders(name: String) throws {
        let text = try #require(Self.texts[name])
        let card = try render(
            CardContent(title: text, subtitle: text, footer: text, locale: LocaleID("ar")!, initials: text))
        #expect(CardFixtures.dimensions(ofPNG: card.png)! == (1200, 630))
        #expect(card.png.count <= 300 * 1024)
    }

    @Test(arguments: [Double.nan, .infinity, -90])
    func layoutsMadeInCodeWithAnyValuesRender(angle: Double) throws {
        let white = Color(red: 255, green: 255, blue: 255)
        let layout = CardLayout(
            background: .linearGradient(from: white, to: Color(red: 0, green: 0, blue: 0, alpha: 0), angle: angle),
            padding: 5000, fonts: "", avatar: CardAvatarStyle(size: -5, accent: white, initialsColor: white),
            title: CardTextStyle(key: "", color: white, size: .max, weight: .min, maxLines: -3),
            subtitle: CardTextStyle(key: "", color: white, size: -1, weight: .max, maxLines: .max))
        let content = CardContent(title: "Maya", subtitle: "Hello", locale: LocaleID("en-US")!, initials: "M")
        let card = try CardRenderer.render(layout, content, assets: .none)
        #expect(CardFixtures.dimensions(ofPNG: card.png)! == (1200, 630))
    }

    /// A title one line of the layout cannot hold at its size is drawn smaller, down to its
    /// `minSize`, before anything is cut.
    @Test func aTitleShrinksBeforeItIsCut() throws {
        let layout = CardFixtures.layout(
            "background: \"#ffffff\"\ntitle: {key: og.title, color: \"#000000\", size: 120, minSize: 48, maxLines: 1}")
        #expect(layout.title.minSize == 48)
        let card = try render(
            CardContent(title: "Maya invited you to Minimo", locale: LocaleID("en-US")!), layout: layout)
        #expect(!card.titleOverflowed && !card.titleIsShortened)
        #expect(card.titleSize < 120 && card.titleSize >= 48, "\(card.titleSize)")
        #expect(card.title == "Maya invited you to Minimo")
    }

    /// Past `minSize`, each shorter form of the title is tried in order; the card overflows only
    /// when none fits, and then shows the title as formatted, cut.
    @Test func aTitleTooLongAtItsSmallestSizeTakesItsShortForm() throws {
        let layout = CardFixtures.layout(
            "background: \"#ffffff\"\ntitle: {key: og.title, color: \"#000000\", size: 64, minSize: 60, maxLines: 1}")
        let long = "Bartholomew Maximilian Alexander Fitzgerald invited you to Minimo"
        var content = CardContent(title: long, locale: LocaleID("en-US")!)
        content.titleAlternatives = [long + " today", "Bartholomew invited you", "Bart… invited you"]
        let card = try render(content, layout: layout)
        #expect(!card.titleOverflowed && card.titleIsShortened)
        #expect(card.title == "Bartholomew invited you")
        content.titleAlternatives = [long + " today"]
        let cut = try render(content, layout: layout)
        #expect(cut.titleOverflowed && !cut.titleIsShortened && cut.title == long && cut.titleSize == 64)
    }

    /// The default floor is three quarters of the size; a floor above the size is refused.
    @Test func theTitlesFloorDefaultsAndIsBounded() {
        #expect(CardFixtures.layout().title.minSize == 48)
        let (layout, diagnostics) = CardLayout.parse(
            SourceText(
                path: "templates/og/card.yml",
                text: "background: \"#ffffff\"\ntitle: {key: og.title, color: \"#000000\", size: 40, minSize: 50}"),
            theme: CardFixtures.theme)
        #expect(layout == nil || !diagnostics.isEmpty)
        #expect(diagnostics.contains { $0.message.contains("minSize") }, "\(diagnostics)")
    }

    @Test func hugeTitlesAreCutAndReported() throws {
        let card = try render(CardContent(title: String(repeating: "a ", count: 100_000), locale: LocaleID("en-US")!))
        #expect(card.titleOverflowed)
        #expect(card.titleLineCount == 2)
    }

    static let unusableAvatars: [String: [UInt8]] = [
        "the avatar is not a PNG image": [1, 2, 3],
        "the avatar has a chunk `IDAT` that declares": Array(CardFixtures.avatar.prefix(200)),
        "65536×65536": Array(CardFixtures.avatar.prefix(16)) + [0, 1, 0, 0, 0, 1, 0, 0]
            + CardFixtures.avatar.dropFirst(24),
    ]

    /// Each avatar is passed as the message it must get: a test's arguments are printed with its result.
    @Test(arguments: unusableAvatars.keys.sorted())
    func unusableAvatarsAreErrors(message: String) throws {
        let bytes = try #require(Self.unusableAvatars[message])
        let content = CardContent(title: "Maya", locale: LocaleID("en-US")!, avatarPNG: bytes)
        let error = try #require(throws: CardRenderError.self) { try render(content) }
        #expect(error.code == .invalidImage)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func aLayoutWithALogoNeedsItInTheAssets() throws {
        let content = CardContent(title: "Maya", locale: LocaleID("en-US")!)
        let error = try #require(throws: CardRenderError.self) {
            try CardRenderer.render(layout, content, assets: .none)
        }
        #expect(error.code == .missingAsset)
        #expect(error.message.contains("static/assets/og-logo.png"))
    }

    @Test func assetsLoadFromTheSiteFolder() throws {
        let site = TemporaryDirectory()
        #expect(throws: CardRenderError.self) { try CardAssets(for: layout, site: site.url) }
        let url = site.path("static/assets/og-logo.png")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(CardFixtures.logo).write(to: url)
        let assets = try CardAssets(for: layout, site: site.url)
        let content = CardContent(title: "Maya", locale: LocaleID("en-US")!)
        #expect(try CardRenderer.render(layout, content, assets: assets) == render(content))
    }

    @Test func renderingInParallelGivesIdenticalBytes() async throws {
        let content = GoldenCardTests.cards["en-emoji"]!
        let expected = try render(content)
        let layout = layout
        let assets = try CardFixtures.assets()
        let cards = try await withThrowingTaskGroup(of: RenderedCard.self) { group in
            for _ in 0..<8 { group.addTask { try CardRenderer.render(layout, content, assets: assets) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(cards.allSatisfy { $0 == expected })
    }

    /// A build lets go of the drawn backgrounds once its cards are drawn; a card drawn after
    /// that draws its background again, to the same bytes.
    @Test func cardsDrawnAfterTheBasesAreReleasedAreTheSame() throws {
        let assets = try CardFixtures.assets()
        let contents = ["en-emoji", "ar"].map { GoldenCardTests.cards[$0]! }
        let first = try contents.map { try CardRenderer.render(layout, $0, assets: assets) }
        assets.releaseDrawnBases()
        let again = try contents.map { try CardRenderer.render(layout, $0, assets: assets) }
        #expect(again == first)
        #expect(try again == contents.map { try render($0) })
    }

    /// Fonts let go of between cards (`CardFonts.releaseIdle`) are loaded again: the same cards,
    /// to the same bytes, in several scripts, on both cores at once.
    @Test func cardsDrawnAfterTheFontsAreReleasedAreTheSame() async throws {
        let assets = try CardFixtures.assets()
        let contents = ["en-emoji", "ar", "ja"].compactMap { GoldenCardTests.cards[$0] }
        #expect(contents.count == 3)
        let first = try contents.map { try CardRenderer.render(layout, $0, assets: assets) }
        CardFonts.releaseIdle()
        let again = try await withThrowingTaskGroup(of: (Int, RenderedCard).self) { group in
            for (index, content) in contents.enumerated() {
                group.addTask { (index, try CardRenderer.render(self.layout, content, assets: assets)) }
            }
            // Released while the others draw: only maps no canvas is using go.
            CardFonts.releaseIdle()
            var drawn: [Int: RenderedCard] = [:]
            for try await (index, card) in group { drawn[index] = card }
            return contents.indices.map { drawn[$0]! }
        }
        #expect(again == first)
    }

    @Test func colourPairsNameTheColoursBehindEachText() throws {
        let card = try render(GoldenCardTests.cards["ar"]!)
        let pairs = Dictionary(uniqueKeysWithValues: card.colors.map { ($0.element, $0) })
        #expect(Set(pairs.keys) == [.title, .subtitle, .footer, .initials])
        #expect(pairs[.title]?.text == Color(css: "#ffffff"))
        #expect(pairs[.initials]?.backgrounds == [Color(css: "#ffd166")!])
        // The gradient runs from #0b57d0 (top left) to #6a1b9a (bottom right); the footer sits low.
        let footer = try #require(pairs[.footer]?.backgrounds)
        #expect(footer.count > 1 && footer.allSatisfy { $0.red > 0x0b && $0.blue < 0xd0 })
    }
}
