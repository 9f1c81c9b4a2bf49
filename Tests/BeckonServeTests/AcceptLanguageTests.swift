import BeckonSite
import BeckonTestSupport
import Testing

@testable import BeckonServe

@Suite struct AcceptLanguageTests {
    static let locales = ["en-US", "de-DE", "ja-JP", "ar"].map { LocaleID($0)! }

    @Test(
        arguments: [
            ("de", "de-DE"), ("de-AT, en;q=0.5", "de-DE"), ("fr, ja;q=0.9, de;q=0.8", "ja-JP"),
            ("en;q=0.1, ar;q=0.9", "ar"), ("DE-de", "de-DE"), ("*", "en-US"), ("de;q=0, ja", "ja-JP"),
            ("ar-EG;q=1.0", "ar"), ("en-GB", "en-US"),
        ])
    func theBestAcceptedLocaleIsChosen(header: String, expected: String) {
        #expect(AcceptLanguage(header).best(of: Self.locales)?.rawValue == expected)
    }

    @Test(arguments: [nil, "", "fr", "fr;q=1, es", ";;;", "de;q=abc", "\u{0}de", String(repeating: "x,", count: 1_000)])
    func nothingAcceptedChoosesNothing(header: String?) {
        #expect(AcceptLanguage(header).best(of: Self.locales) == nil)
    }

    /// Random headers never crash and never choose a locale the site does not have.
    @Test func anyHeaderChoosesOneOfTheSitesLocalesOrNone() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["de", "en-US", "ja", "q=0.5", ";", ",", " ", "*", "-", "ar-EG", "q=", "x", "é", "0"]
        for _ in 0..<2_000 {
            let header = (0..<Int(generator.next() % 12)).map { _ in
                pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            .joined()
            if let chosen = AcceptLanguage(header).best(of: Self.locales) { #expect(Self.locales.contains(chosen)) }
        }
    }

    /// The remembered choice is the choice: for random headers, more than are kept, asked twice
    /// each (the second time remembered), and headers too long to keep.
    @Test func rememberedChoicesAreTheChoices() {
        let fallback = Self.locales[0]
        let choices = LocaleChoices(locales: Self.locales, fallback: fallback)
        var generator = SeededGenerator(seed: 11)
        let pieces = ["de", "en-US", "ja", "q=0.5", ";", ",", " ", "*", "-", "ar-EG", "q=0", "x", "fr"]
        var headers: [String?] = [nil, String(repeating: "fr, ", count: 100) + "ja"]
        for _ in 0..<(LocaleChoices.kept * 2) {
            headers.append(
                (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
                    .joined())
        }
        for header in headers + headers.reversed() {
            #expect(choices.locale(for: header) == AcceptLanguage(header).best(of: Self.locales) ?? fallback)
        }
    }
}
