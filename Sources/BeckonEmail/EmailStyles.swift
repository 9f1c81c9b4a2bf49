import BeckonRender
import BeckonSite

/// The inline styles of an email's elements, built from the site's theme. Every style is written
/// on its element (webmail drops `<style>` blocks); only the dark palette lives in a `<style>`
/// block, since it can only apply through a media query.
struct EmailStyles {
    let theme: ThemeConfig
    let rightToLeft: Bool
    /// `left`, or `right` for right-to-left locales.
    let align: String
    /// The body font stack, with single quotes so it can sit in a double-quoted `style` attribute.
    let font: String
    /// Styles for the Markdown elements of the body, by tag.
    let body: [String: String]
    /// Small print: the same text colour (so contrast holds), smaller.
    let smallPrint: [String: String]
    /// The `<style>` block: the dark palette for clients that honour `prefers-color-scheme`, and
    /// Outlook.com's `[data-ogsc]`/`[data-ogsb]` attributes for the ones that rewrite colours.
    let darkModeCSS: String

    var light: ThemeConfig.Palette { theme.light }

    /// - Parameter keepsPhrases: Text wraps only where `PhraseBreakMarkup` marked it (Japanese):
    ///   `word-break: keep-all` on every text element.
    init(theme: ThemeConfig, rightToLeft: Bool, keepsPhrases: Bool = false) {
        self.theme = theme
        self.rightToLeft = rightToLeft
        let align = rightToLeft ? "right" : "left"
        let font = theme.fonts.body.replacingOccurrences(of: "\"", with: "'")
        let light = theme.light
        let text =
            "color:\(light.text.css);font-family:\(font);"
            + (keepsPhrases ? "word-break:keep-all;" : "")
        let body = [
            "p": "margin:0 0 16px;\(text)font-size:16px;line-height:24px;",
            "h1": "margin:0 0 16px;\(text)font-size:24px;line-height:32px;font-weight:700;",
            "h2": "margin:0 0 12px;\(text)font-size:20px;line-height:28px;font-weight:700;",
            "h3": "margin:0 0 12px;\(text)font-size:18px;line-height:26px;font-weight:700;",
            "ul": "margin:0 0 16px;padding-\(align):24px;\(text)font-size:16px;line-height:24px;",
            "ol": "margin:0 0 16px;padding-\(align):24px;\(text)font-size:16px;line-height:24px;",
            "li": "margin:0 0 8px;",
            "a": "color:\(light.link.css);text-decoration:underline;",
            "blockquote": "margin:0 0 16px;padding-\(align):12px;border-\(align):3px solid \(light.link.css);",
        ]
        var smallPrint = body
        smallPrint["p"] = "margin:0 0 12px;\(text)font-size:13px;line-height:20px;"
        self.align = align
        self.font = font
        self.body = body
        self.smallPrint = smallPrint
        darkModeCSS = Self.darkModeCSS(theme.dark)
    }

    /// A paragraph of small print around inline HTML.
    func smallPrintParagraph(_ html: String) -> String {
        "<p style=\"\(HTMLEscaping.attribute(smallPrint["p", default: ""]))\">\(html)</p>\n"
    }

    /// The frame around the email's card: the text colour a fifth of the way from the background,
    /// in a palette.
    static func frame(_ palette: ThemeConfig.Palette) -> String {
        palette.background.mixed(with: palette.text, 0.2).css
    }

    /// A thin rule in the text colour, which the dark palette recolours.
    func rule(margin: String) -> String {
        "<div class=\"bk-rule\" style=\"border-top:1px solid \(light.text.css);margin:\(margin);opacity:0.25;\"></div>\n"
    }

    private static func darkModeCSS(_ dark: ThemeConfig.Palette) -> String {
        let rules = [
            ".bk-bg{background-color:\(dark.background.css)!important}",
            ".bk-text,.bk-text p,.bk-text h1,.bk-text h2,.bk-text h3,.bk-text li{color:\(dark.text.css)!important}",
            ".bk-text a{color:\(dark.link.css)!important}",
            // More specific than `.bk-text a`, which would otherwise paint the label in the link colour.
            ".bk-text a.\(EmailMarkup.buttonClass){background-color:\(dark.button.css)!important;color:\(dark.buttonText.css)!important}",
            ".bk-rule{border-color:\(dark.text.css)!important}",
            ".bk-frame{border-color:\(frame(dark))!important}",
        ]
        // One rule per line: no line of an email may pass RFC 5322's 998 characters.
        let media = "@media (prefers-color-scheme:dark){\n\(rules.joined(separator: "\n"))\n}"
        let outlook = rules.map { rule in
            let selectorEnd = rule.firstIndex(of: "{")!
            let selectors = rule[..<selectorEnd].split(separator: ",")
            let prefix = rule.contains("background-color") && !rule.contains(";color") ? "[data-ogsb]" : "[data-ogsc]"
            return selectors.map { "\(prefix) \($0)" }.joined(separator: ",") + rule[selectorEnd...]
        }
        return ":root{color-scheme:light dark;supported-color-schemes:light dark}\n" + media + "\n"
            + outlook.joined(separator: "\n")
    }
}
