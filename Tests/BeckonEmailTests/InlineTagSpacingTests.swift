import BeckonDiagnostics
import BeckonProvenance
import Testing

@testable import BeckonEmail

@Suite struct InlineTagSpacingTests {
    @Test(
        arguments: [
            // Japanese against a Latin name: an ordinary space outside the element (和欧間).
            ("あなたを<strong>Playa</strong>に招待", "あなたを <strong>Playa</strong> に招待"),
            // Kana against kana across a link: a hair space, outside the link.
            ("点は<a href=\"x\">サポート</a>ください", "点は\u{200A}<a href=\"x\">サポート</a>\u{200A}ください"),
            // Chinese against a digit; a `>` inside an attribute does not end the tag.
            ("邀请<a title=\"a>b\">3</a>位", "邀请 <a title=\"a>b\">3</a> 位"),
            // Hangul: a hair space, whatever the other side.
            ("<p>초대<em>Playa</em>에</p>", "<p>초대\u{200A}<em>Playa</em>\u{200A}에</p>"),
            // Latin text is left alone: emphasis inside a word stays inside it.
            ("un<em>believ</em>able", "un<em>believ</em>able"),
            // Spaces and ASCII punctuation already separate; block tags are not inline.
            ("を <strong>Playa</strong>、に", "を <strong>Playa</strong>\u{200A}、に"),
            ("招待</p><p>します", "招待</p><p>します"),
            ("「<b>x</b>」", "「\u{200A}<b>x</b>\u{200A}」"),
            // Several tags in a row get one space, after the closing tags.
            ("を<strong><em>Playa</em></strong>に", "を <strong><em>Playa</em></strong> に"),
            ("Playa</strong><a href=\"y\">招待", "Playa</strong> <a href=\"y\">招待"),
        ])
    func spacesGoWhereATagSplitsCJKText(html: String, expected: String) {
        #expect(InlineTagSpacing.apply(html) == expected)
    }

    @Test func originMarksAreLookedThrough() {
        let origin = Origin(.template, at: SourceLocation(file: "t.md", line: 1, column: 1))
        let html = "を" + OriginMarks.wrap("<strong>Playa</strong>", in: origin) + "に"
        let (bytes, _) = OriginMarks.strip(InlineTagSpacing.apply(html))
        #expect(String(decoding: bytes, as: UTF8.self) == "を <strong>Playa</strong> に")
    }
}
