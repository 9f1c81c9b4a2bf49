import BeckonDiagnostics

extension FunnelReport {
    /// The page's style sheet: a light palette and a dark one (`prefers-color-scheme`), with text
    /// at least 8:1 against the page and bars at least 4.8:1 against their track and the page.
    private static let style = """
        :root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1e23; --muted: #4a505a; --bar: #2457b5;
          --track: #dfe4ec; --rule: #8a929e; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #15181c; --fg: #eceff3; --muted: #b6bcc6; --bar: #80abf2; --track: #353b45; --rule: #6d7684; }
        }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; }
        main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
        .period { color: var(--muted); }
        .verdict { font-weight: 600; }
        section { margin-top: 2rem; }
        .chart { display: block; margin: 1rem 0; overflow: visible; }
        .chart text { font: 14px system-ui, sans-serif; fill: var(--fg); }
        .chart .bar { fill: var(--bar); }
        .chart .track { fill: var(--track); }
        .chart .missing { fill: none; stroke: var(--rule); stroke-dasharray: 4 3; }
        table { border-collapse: collapse; width: 100%; margin: 1rem 0; font-variant-numeric: tabular-nums; }
        caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
        th, td { text-align: left; vertical-align: top; padding: 0.25rem 0.5rem 0.25rem 0;
          border-bottom: 1px solid var(--rule); }
        """

    /// The report as one self-contained HTML5 page (no scripts, nothing loaded from elsewhere,
    /// and well-formed XML too): the title, the period, the summary sentences saying which arm
    /// leads and whether the sample is large enough yet, per group an inline SVG chart of the
    /// funnel with an accessible table of the same numbers, then each arm's comparison with the
    /// control. Readable in light and dark colour schemes; every value from the data is escaped.
    public func html() -> String {
        let groupSections = groups.enumerated().map { $0.element.section(id: "group-\($0.offset + 1)") }
        let comparisonSection =
            comparisons.isEmpty
            ? ""
            : """
            <section aria-labelledby="comparisons-heading">
            <h2 id="comparisons-heading">Acceptance against \(Figures.quoted(control ?? "").xmlEscaped)</h2>
            \(comparisons.map { $0.table() }.joined(separator: "\n"))
            </section>

            """
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <meta name="color-scheme" content="light dark"/>
            <title>\(title.xmlEscaped)</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <main>
            <h1>\(title.xmlEscaped)</h1>
            <p class="period">\(period.xmlEscaped)</p>
            \(summary.map { "<p class=\"verdict\">\($0.xmlEscaped)</p>\n" }.joined())\
            \(groupSections.map { $0 + "\n" }.joined())\
            \(comparisonSection)\
            </main>
            </body>
            </html>

            """
    }
}
