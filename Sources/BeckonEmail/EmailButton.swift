import BeckonRender

/// A bulletproof button: a VML round rectangle for Outlook on Windows (which ignores CSS padding
/// and border radius), and a padded `<a>` for every other client.
enum EmailButton {
    /// The button's height in pixels.
    static let height = 48

    /// The VML width for a label: wide enough for the text in the locale's script, at least 200 px.
    /// Outlook does not grow VML shapes with their text, so the width is estimated per label:
    /// about 9.5 px per Latin character at 16 px bold, 17 px per CJK or other wide character.
    static func width(for label: String) -> Int {
        let textWidth = label.unicodeScalars.reduce(0.0) { width, scalar in
            if scalar.properties.isGraphemeExtend || scalar.value == 0x200C || scalar.value == 0x200D { return width }
            return width + (scalar.isEastAsianWide ? 17 : 9.5)
        }
        return max(200, Int((textWidth + 56).rounded(.up)))
    }

    /// The button's HTML.
    static func html(label: String, url: String, styles: EmailStyles) -> String {
        let light = styles.light
        let font = styles.font
        let href = HTMLEscaping.attribute(url)
        let text = HTMLEscaping.text(label)
        let align = styles.align
        // Attributes go on lines of their own: a token URL alone can take most of the 998
        // characters a message line may hold.
        let vml = """
            <!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word"
            href="\(href)"
            style="height:\(height)px;v-text-anchor:middle;width:\(width(for: label))px;" arcsize="17%" \
            stroke="f" fillcolor="\(light.button.css)"><w:anchorlock/><center style="color:\(light.buttonText.css);\
            font-family:\(font);font-size:16px;font-weight:bold;">\(text)</center></v:roundrect><![endif]-->
            """
        let anchor = """
            <!--[if !mso]><!--><a href="\(href)"
            class="\(EmailMarkup.buttonClass)" style="display:inline-block;\
            background-color:\(light.button.css);color:\(light.buttonText.css);font-family:\(font);\
            font-size:16px;font-weight:bold;line-height:\(height)px;text-align:center;text-decoration:none;\
            padding:0 28px;border-radius:8px;mso-hide:all;">\(text)</a><!--<![endif]-->
            """
        return """
            <table role="presentation" border="0" cellspacing="0" cellpadding="0" align="\(align)" style="margin:8px 0 24px;">
            <tr><td>
            \(vml)
            \(anchor)
            </td></tr></table>
            <div style="clear:both;line-height:0;font-size:0;">&nbsp;</div>

            """
    }
}
