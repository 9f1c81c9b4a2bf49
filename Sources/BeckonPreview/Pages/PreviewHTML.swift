import BeckonRender

/// The frame every preview page shares: a header with the site's state, the page, and the
/// client script that reloads it after a build.
enum PreviewHTML {
    static func escape(_ text: String) -> String { HTMLEscaping.text(text) }
    static func attribute(_ text: String) -> String { HTMLEscaping.attribute(text) }

    /// A query string value.
    static func query(_ text: String) -> String {
        var allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".unicodeScalars)
        allowed.remove("&")
        return text.unicodeScalars.map { scalar in
            allowed.contains(scalar)
                ? String(scalar) : String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
        }.joined()
    }

    static func document(title: String, state: PreviewState, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · Beckon preview</title>
        <link rel="stylesheet" href="/_beckon/preview.css">
        </head>
        <body class="beckon-ui">
        <header class="bar">
        <a class="home" href="/">Beckon preview</a>
        \(status(state))
        </header>
        <main>
        \(body)
        </main>
        <script src="/_beckon/client.js"></script>
        </body>
        </html>

        """
    }

    /// "Built in 23 ms · 2 errors · 1 warning", or why the site is broken.
    static func status(_ state: PreviewState) -> String {
        let errors = state.report.errorCount
        let warnings = state.report.warningCount
        var parts = ["built in \(Int((state.seconds * 1000).rounded())) ms"]
        if state.rendered > 0 { parts.append("\(state.rendered) rendered") }
        parts.append("\(errors) error\(errors == 1 ? "" : "s")")
        parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")")
        let label =
            state.broken ? "The site does not build: showing the last good render" : parts.joined(separator: " · ")
        let tone = state.broken || errors > 0 ? "bad" : (warnings > 0 ? "warn" : "good")
        return "<p class=\"status \(tone)\" role=\"status\"><a href=\"/#findings\">\(escape(label))</a></p>"
    }
}
