import BeckonDiagnostics
import Testing

@testable import BeckonRender

/// `LayoutStaticText`: layouts parsed with their plain text stood in for by tokens write exactly
/// what they write when swift-mustache reads every byte.
@Suite struct LayoutStaticTextTests {
    /// Pieces of layouts: plain text long and short, with markup, `{` and `}}`, characters outside
    /// ASCII, whitespace that is not ASCII, line breaks of every kind (and characters Swift reads as
    /// line breaks, which Mustache does not), a combining mark that joins the space or brace before
    /// it, a prepended mark that joins the brace after it; values, sections, an indented partial, a
    /// parent with an indented block, comments. Together they make standalone lines and lines that
    /// only look like them.
    static let pieces = [
        "<meta property=\"og:title\" content=\"", "\">", "x", "  ", "\t", "\n", "\r\n", "\r", "\u{A0}\u{A0}",
        "body{margin:0;padding:0 1rem}", "}}", "{", "Ünïcödé text, long enough ✓", "\u{A0}word\u{A0}long enough",
        "{{a}}", "{{{b}}}", "{{#flag}}", "{{/flag}}", "{{^flag}}", "{{#items}}", "{{/items}}", "{{name}}",
        "  {{> part}}\n", "{{! a comment }}", "\n{{#flag}}\n", "\n{{/flag}}\n", "    {{^items}}   \n",
        "\n  {{/items}}\n", "{\n", "\u{2028}", "\u{85}", "\u{301}combining mark first, long",
        "\u{600}", "{{<frame}}", "{{/frame}}", "  {{$main}}\n", "{{/main}}",
    ]

    static func sources(_ layouts: [String: String]) -> [String: SourceText] {
        layouts.reduce(into: [:]) { result, entry in
            result[entry.key] = SourceText(path: "templates/layouts/\(entry.key).mustache", text: entry.value)
        }
    }

    static func context(flag: Bool, items: Int) -> TemplateValue {
        .object([
            "a": .text("x < y & \"z\""), "b": .html("<b>bold</b>\n"), "flag": .flag(flag),
            "items": .list((0..<items).map { .object(["name": .text("item \($0)\r\n")]) }),
        ])
    }

    /// Generated layouts (sections balanced or not) load with the same findings and write the same
    /// bytes, compiled or rendered by Mustache, whether their plain text was condensed or not.
    @Test func condensedLayoutsWriteWhatTheLayoutsWrite() {
        var generator = SystemRandomNumberGenerator()
        var condensedRuns = 0
        for _ in 0..<1000 {
            // The partial and the parent include no layout (the linter stops a build with a cycle
            // before any page is rendered; rendering one would recurse without end).
            func layout(including: Bool) -> String {
                (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                    Self.pieces.filter { including || !($0.contains("{{>") || $0.contains("{{<")) }
                        .randomElement(using: &generator)!
                }.joined()
            }
            let layouts = Self.sources([
                "page": layout(including: true), "part": layout(including: false), "frame": layout(including: false),
            ])
            let (plain, plainFindings) = LayoutLibrary.load(layouts, condensing: false)
            let (condensed, findings) = LayoutLibrary.load(layouts, condensing: true)
            #expect(findings == plainFindings, "\(layouts.mapValues(\.text))")
            condensedRuns += condensed.staticText.texts.count
            for flag in [false, true] {
                for items in [0, 2] {
                    let context = Self.context(flag: flag, items: items)
                    let expected = plain.renderedByMustache("page", context: context)
                    #expect(condensed.renderedByMustache("page", context: context) == expected, "\(layouts)")
                    #expect(condensed.render("page", context: context) == plain.render("page", context: context))
                }
            }
        }
        // Most layouts had runs long enough to condense.
        #expect(condensedRuns > 1_000)
    }

    /// The tokens take the place of the long parts of runs; the line breaks and the whitespace at
    /// the ends of each line stay where they were.
    @Test func onlyLongTextBetweenWhitespaceBecomesAToken() {
        var text = LayoutStaticText()
        let condensed = text.condensed("  <p class=\"long enough\">{{a}}</p>\n\t{{#flag}}\nshort\n")
        #expect(condensed == "  \u{10FFFA}0\u{10FFFB}{{a}}</p>\n\t{{#flag}}\nshort\n")
        #expect(text.texts == ["<p class=\"long enough\">"])
        #expect(text.restored("[\u{10FFFA}0\u{10FFFB}]") == "[<p class=\"long enough\">]")
    }

    /// A layout that changes its delimiters, a run after a tag that is never closed, and a layout
    /// with a brace joined to a combining mark are given to Mustache as written.
    @Test(arguments: [
        "{{=<% %>=}}\n<p class=\"long enough text\"><% a %></p>", "<p class=\"long enough text\">{{a</p>",
        "{{a}}\u{301}<p class=\"long enough text\">",
    ])
    func textMustacheMightReadOtherwiseIsLeftAsItIs(layout: String) {
        var text = LayoutStaticText()
        #expect(text.condensed(layout) == layout)
        #expect(text.texts.isEmpty)
    }

    /// Output without tokens, or with a broken one, comes back as it is.
    @Test(arguments: ["plain", "\u{10FFFA}", "\u{10FFFA}9\u{10FFFB}", "\u{10FFFA}x\u{10FFFB}", "\u{10FFFA}0"])
    func textWithoutWholeTokensIsKept(rendered: String) {
        var text = LayoutStaticText()
        _ = text.condensed("<p class=\"long enough\">")
        #expect(text.restored(rendered) == rendered)
    }
}
