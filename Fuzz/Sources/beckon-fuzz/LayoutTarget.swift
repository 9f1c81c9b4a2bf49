import BeckonDiagnostics
import BeckonRender

/// `layout`: a Mustache layout (`templates/layouts/page.mustache`).
///
/// Loads it beside two fixed layouts it may include: `base` (the default site's base layout, its
/// style rules left out) and a `footer` partial. When it parses, lints it against a page context
/// with every name the site's layouts use and, as the build does, renders it only when the linter
/// found no error (the linter is what refuses partial cycles, which would render forever).
enum LayoutTarget {
    static let base = SourceText(
        path: "templates/layouts/base.mustache",
        text: """
            <!DOCTYPE html>
            <html lang="{{page.lang}}" dir="{{page.dir}}">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{page.title}}</title>
            <meta name="description" content="{{page.description}}">
            <meta name="robots" content="noindex">
            <meta name="color-scheme" content="light dark">
            {{#app.hasSmartAppBanner}}
            <meta name="apple-itunes-app" content="{{app.smartAppBanner}}">
            {{/app.hasSmartAppBanner}}
            <link rel="canonical" href="{{page.url}}">
            {{#alternates}}
            <link rel="alternate" hreflang="{{hreflang}}" href="{{href}}">
            {{/alternates}}
            <meta property="og:type" content="website">
            <meta property="og:site_name" content="{{app.name}}">
            <meta property="og:title" content="{{og.title}}">
            <meta property="og:description" content="{{og.description}}">
            <meta property="og:url" content="{{og.url}}">
            <meta property="og:locale" content="{{og.locale}}">
            {{#og.hasImage}}
            <meta property="og:image" content="{{og.image}}">
            {{/og.hasImage}}
            {{#og.hasCard}}
            <meta property="og:image:width" content="{{og.imageWidth}}">
            <meta property="og:image:height" content="{{og.imageHeight}}">
            <meta property="og:image:alt" content="{{og.imageAlt}}">
            {{/og.hasCard}}
            <meta name="twitter:card" content="{{og.twitterCard}}">
            <meta name="twitter:title" content="{{og.title}}">
            <meta name="twitter:description" content="{{og.description}}">
            {{#og.hasImage}}
            <meta name="twitter:image" content="{{og.image}}">
            {{/og.hasImage}}
            {{#og.hasCard}}
            <meta name="twitter:image:alt" content="{{og.imageAlt}}">
            {{/og.hasCard}}
            <style>
            {{{theme.css}}}
            </style>
            </head>
            <body>
            <header>
            {{#theme.hasLogo}}
            <img src="{{theme.logo.url}}" alt="{{theme.logo.alt}}" width="{{theme.logo.width}}" height="{{theme.logo.height}}">
            {{/theme.hasLogo}}
            </header>
            <main>
            {{{page.body}}}
            {{$actions}}{{/actions}}
            </main>
            <footer>
            <p>{{t.footer.help}} <a href="{{app.supportURL}}">{{t.footer.support}}</a> · <a href="{{app.supportMailto}}">{{app.supportEmail}}</a></p>
            </footer>
            </body>
            </html>
            """)

    static let footer = SourceText(
        path: "templates/layouts/footer.mustache",
        text: "<footer>{{#app.hasAppStore}}<a href=\"{{app.appStoreURL}}\">{{t.common.appStore}}</a>{{/app.hasAppStore}}</footer>\n")

    static let context = TemplateValue.nested([
        "page.lang": .text("de-DE"),
        "page.dir": .text("ltr"),
        "page.title": .text("Maya lädt dich ein <3"),
        "page.description": .text("Tritt 50K+ Menschen bei & bleib in Kontakt"),
        "page.body": .html("<h1>Hallo</h1>\n<p>Maya &amp; Jonas</p>\n"),
        "page.url": .text("https://join.playa.app/de-DE/"),
        "app.name": .text("Playa"),
        "app.hasSmartAppBanner": .flag(true),
        "app.smartAppBanner": .text("app-id=1234567890, app-argument=playa://invite/TTCN2Q4SWXM5H8B"),
        "app.hasAppStore": .flag(true),
        "app.appStoreURL": .text("https://apps.apple.com/app/id1234567890"),
        "app.hasPlayStore": .flag(false),
        "app.playStoreURL": .text(""),
        "app.supportEmail": .text("help@playa.app"),
        "app.supportMailto": .text("mailto:help@playa.app"),
        "app.supportURL": .text("https://playa.app/help"),
        "invite.hasDeepLink": .flag(true),
        "invite.deepLink": .text("playa://invite/TTCN2Q4SWXM5H8B"),
        "links.android": .text("/de-DE/android/"),
        "og.title": .text("Maya lädt dich zu Playa ein"),
        "og.description": .text("Nimm die Einladung an"),
        "og.url": .text("https://join.playa.app/de-DE/"),
        "og.locale": .text("de_DE"),
        "og.hasImage": .flag(true),
        "og.image": .text("https://join.playa.app/og/de-DE.png"),
        "og.hasCard": .flag(true),
        "og.imageWidth": .text("1200"),
        "og.imageHeight": .text("630"),
        "og.imageAlt": .text("Playa"),
        "og.twitterCard": .text("summary_large_image"),
        "theme.css": .html(":root{--text:#111}"),
        "theme.hasLogo": .flag(false),
        "theme.logo.url": .text("/static/logo.png"),
        "theme.logo.alt": .text("Playa"),
        "theme.logo.width": .text("120"),
        "theme.logo.height": .text("40"),
        "t.common.appStore": .text("Laden im App Store"),
        "t.common.playStore": .text("Jetzt bei Google Play"),
        "t.landing.openInApp": .text("Schon {{installiert}}? Öffne die Einladung"),
        "t.landing.onAndroid": .text("Android?"),
        "t.landing.expiryNote": .text("Gilt 30 Tage."),
        "t.footer.help": .text("Fragen?"),
        "t.footer.support": .text("Hilfe"),
        "html.landing.headline": .html("<strong>Maya</strong> lädt dich ein"),
        "alternates": .list([
            .object(["hreflang": .text("en-US"), "href": .text("https://join.playa.app/")]),
            .object(["hreflang": .text("ar"), "href": .text("https://join.playa.app/ar/")]),
        ]),
        "samples": .list([]),
    ])

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let page = SourceText(path: "templates/layouts/page.mustache", text: String(fuzzInput: bytes))
        var (library, diagnostics) = LayoutLibrary.load(["page": page, "base": base, "footer": footer])
        _ = library.messageKeys()
        _ = library.referencedKeys(of: "page")
        if library.contains("page") {
            let findings = LayoutLinter(library: library).lint("page", context: context)
            diagnostics += findings
            if !findings.contains(where: { $0.severity == .error }) {
                let output = library.render("page", context: context)
                Trace.note("rendered \(output?.utf8.count ?? -1) bytes")
            }
        }
        Trace.note(diagnostics, library.contains("page") ? "parsed" : "not parsed")
        DiagnosticsOutput.render(diagnostics, sources: [page, base, footer])
    }
}
