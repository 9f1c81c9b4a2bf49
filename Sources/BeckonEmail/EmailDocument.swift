import BeckonProvenance
import BeckonRender
import BeckonSite

/// The HTML part around a rendered body: a single-column table layout of at most 600 px with
/// `role="presentation"`, `lang` and `dir` on `<html>` and on the wrapper (webmail drops
/// `<html>`), the hidden preheader, and a framed card: a header band carrying the logo, the body,
/// and the transactional footer.
///
/// The band keeps the light palette's background in dark mode too, with a bottom border in the
/// button colour: a logo made for the light theme stays visible whichever palette the client
/// shows (`contrast.logo` measures it on the band).
struct EmailDocument {
    var locale: LocaleID
    var subject: String
    var preheader: String
    /// The body's HTML.
    var body: String
    /// The footer's HTML paragraphs, if any.
    var footer: String
    /// The logo's absolute URL and its configuration.
    var logo: (url: String, logo: ThemeConfig.Logo)?
    var styles: EmailStyles
    /// Where the subject, preheader and logo were written, for marking the HTML.
    var origins = Origins()
    /// Written instead of the preheader's filler when set (see `EmailRenderer.draft`).
    var fillerMark: String?

    struct Origins {
        var subject: Origin?
        var preheader: Origin?
        var logo: Origin?
    }

    /// Invisible characters after the preheader, so clients do not fill the preview with body text.
    static let preheaderFiller = "&#847;&zwnj;&nbsp;"

    /// The filler after a preheader: enough to fill about 150 characters of preview, at least 8.
    static func filler(after preheader: String) -> String {
        String(repeating: preheaderFiller, count: max(8, (150 - preheader.count) / 3))
    }

    var html: String {
        let lang = HTMLEscaping.attribute(locale.rawValue)
        let dir = locale.direction
        let background = styles.light.background.css
        let title = OriginMarks.wrap(HTMLEscaping.text(subject), in: origins.subject)
        let logoHTML =
            logo.map { logo in
                """
                <img src="\(OriginMarks.wrap(HTMLEscaping.attribute(logo.url), in: origins.logo))" width="\(logo.logo.width)" height="\(logo.logo.height)" \
                alt="\(HTMLEscaping.attribute(logo.logo.alt))" style="display:block;border:0;outline:none;\
                height:\(logo.logo.height)px;width:\(logo.logo.width)px;">
                """
            } ?? ""
        let footerRow =
            footer.isEmpty
            ? ""
            : """
            <tr><td class="bk-text" style="padding:8px 24px 12px;text-align:\(styles.align);">\
            \(styles.rule(margin: "0 0 16px"))\(footer)</td></tr>

            """
        return """
            <!DOCTYPE html>
            <html lang="\(lang)" dir="\(dir)" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="x-apple-disable-message-reformatting" content="">
            <meta name="color-scheme" content="light dark">
            <meta name="supported-color-schemes" content="light dark">
            <title>\(title)</title>
            <!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
            <style>\(styles.darkModeCSS)</style>
            </head>
            <body class="bk-bg" style="margin:0;padding:0;width:100%;background-color:\(background);">
            <div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;" aria-hidden="true">\
            \(OriginMarks.wrap(HTMLEscaping.text(preheader), in: origins.preheader))\(fillerMark ?? Self.filler(after: preheader))</div>
            <div role="article" aria-roledescription="email" aria-label="\(HTMLEscaping.attribute(subject))" lang="\(lang)" \
            dir="\(dir)" class="bk-bg" style="background-color:\(background);direction:\(dir);">
            <table role="presentation" border="0" cellspacing="0" cellpadding="0" width="100%" class="bk-bg" \
            style="background-color:\(background);"><tr><td align="center" style="padding:24px 12px;">
            <!--[if mso]><table role="presentation" border="0" cellspacing="0" cellpadding="0" width="600"><tr><td><![endif]-->
            <table role="presentation" border="0" cellspacing="0" cellpadding="0" width="100%" class="bk-frame" \
            style="max-width:600px;border:1px solid \(EmailStyles.frame(styles.light));border-radius:12px;border-collapse:separate;">
            \(logoHTML.isEmpty ? "" : bandRow(logoHTML))<tr><td id="\(EmailMarkup.bodyID)" class="bk-text" style="padding:28px 24px 8px;text-align:\(styles.align);">
            \(body)</td></tr>
            \(footerRow)</table>
            <!--[if mso]></td></tr></table><![endif]-->
            </td></tr></table>
            </div>
            </body>
            </html>

            """
    }

    /// The header band: the logo on the light background, above a line in the button colour.
    private func bandRow(_ logo: String) -> String {
        """
        <tr><td style="background-color:\(styles.light.background.css);padding:20px 24px;\
        border-bottom:4px solid \(styles.light.button.css);border-radius:12px 12px 0 0;">\(logo)</td></tr>

        """
    }
}
