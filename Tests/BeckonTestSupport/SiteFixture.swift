import Foundation

/// Whole sites written inline, the way Hugo's integration tests do: `-- path --` lines start
/// files, and everything up to the next such line is the file's content.
public enum SiteFixture {
    /// Splits a fixture into paths and contents.
    public static func files(_ fixture: String) -> [(String, String)] {
        var files: [(String, String)] = []
        var path: String?
        var lines: [Substring] = []
        func flush() {
            if let path { files.append((path, lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))) }
        }
        for line in fixture.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- "), line.hasSuffix(" --"), line.count > 6 {
                flush()
                path = String(line.dropFirst(3).dropLast(3))
                lines = []
            } else {
                lines.append(line)
            }
        }
        flush()
        return files.map { ($0.0, $0.1.hasSuffix("\n\n") ? String($0.1.dropLast()) : $0.1) }
    }

    /// Writes a fixture into a folder, creating subfolders.
    public static func write(_ fixture: String, to root: URL) throws {
        for (path, content) in files(fixture) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
    }

    /// Replaces the first occurrence of `old` in a fixture (failing loudly when absent).
    public static func replacing(_ old: String, with new: String, in fixture: String) -> String {
        precondition(fixture.contains(old), "fixture does not contain \(old)")
        guard let range = fixture.range(of: old) else { return fixture }
        return fixture.replacingCharacters(in: range, with: new)
    }

    /// A fixture whose de-DE pages may show en-US text for strings de-DE lacks (`locales.fallback`),
    /// for sites that leave strings untranslated on purpose.
    public static func acceptingEnglishInGerman(_ fixture: String) -> String {
        replacing("list: [en-US, de-DE]", with: "list: [en-US, de-DE]\n  fallback: {de-DE: [en-US]}", in: fixture)
    }

    /// The minimal site as `beckon serve`'s tests serve it: its beacon on the link host.
    public static let served = replacing(
        "samples:", with: "analytics:\n  endpoint: https://join.minimo.test/e\nsamples:", in: minimal)

    /// The served site with a card layout: pages point `og:image` at the invite's own card.
    public static let servedWithCards =
        replacing("{{page.url}}card.png", with: "{{og.image}}", in: served) + """

            -- templates/og/card.yml --
            background: "#123456"
            title:
              key: landing.title
              color: "#ffffff"
              size: 56
              maxLines: 2

            """

    /// A small valid site: one extra locale, every page kind, one sample invite.
    public static let minimal = """
        -- beckon.yml --
        version: 1
        app:
          name: Minimo
          baseURL: https://join.minimo.test
          appStoreID: "123456789"
          supportURL: https://minimo.test/help
          supportEmail: help@minimo.test
          urlScheme: minimo
          appleAppID: ABCDE12345.test.minimo
          androidPackage: test.minimo
          androidCertFingerprints: ["AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"]
          androidWaitlistURL: https://minimo.test/waitlist
        theme:
          light: {text: "#111111", background: "#ffffff", link: "#0645ad", button: "#0645ad", buttonText: "#ffffff"}
          dark: {text: "#eeeeee", background: "#111111", link: "#8ab4f8", button: "#8ab4f8", buttonText: "#111111"}
        locales:
          default: en-US
          list: [en-US, de-DE]
        samples:
          - id: maya
            inviterFirstName: Maya
            context: achievement
        -- templates/layouts/page.mustache --
        <!DOCTYPE html>
        <html lang="{{page.lang}}" dir="{{page.dir}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>{{page.title}}</title>
        <meta property="og:type" content="website">
        <meta property="og:title" content="{{og.title}}">
        <meta property="og:description" content="{{og.title}}">
        <meta property="og:url" content="{{og.url}}">
        <meta property="og:image" content="{{page.url}}card.png">
        <meta name="twitter:card" content="summary_large_image">
        </head>
        <body>
        <main>
        {{{page.body}}}
        </main>
        </body>
        </html>
        -- templates/pages/landing.md --
        ---
        kind: landing
        layout: page
        title: landing.title
        ---
        # {{t.landing.title}}

        Get {{app.name}}: [open the invite]({{invite.url}}).
        -- templates/pages/expired.md --
        ---
        kind: expired
        layout: page
        title: expired.title
        ---
        # {{t.expired.title}}
        -- templates/pages/gone.md --
        ---
        kind: gone
        layout: page
        title: gone.title
        ---
        # {{t.gone.title}}
        -- templates/pages/android.md --
        ---
        kind: android
        layout: page
        title: android.title
        ---
        # {{t.android.title}}
        -- locales/en-US.yml --
        common:
          friend: A friend
        landing:
          title: "{inviter} invited you to {app}"
        expired:
          title: This invite has expired
        gone:
          title: This invite was cancelled
        android:
          title: "{app} for Android is coming"
        -- locales/de-DE.yml --
        common:
          friend: Jemand
        landing:
          title: "{inviter} hat dich zu {app} eingeladen"
        expired:
          title: Diese Einladung ist abgelaufen
        gone:
          title: Diese Einladung wurde zurückgezogen
        android:
          title: "{app} für Android kommt bald"
        """
}
