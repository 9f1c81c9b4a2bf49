import BeckonChecks
import BeckonDiagnostics
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonText

/// The reviewer page, `review/index.html`: every string of every template in every locale side by
/// side, with its length against its limits, the locale that supplied it, the findings made at it,
/// the artifacts it appears in (linked so the browser highlights it; cards as thumbnails), and the
/// controls a reviewer records decisions with. The strings are grouped by template, each group
/// collapsed under a summary that counts its strings and their states. Static HTML that opens from
/// a folder or a CI artifact without a server and reads on a 390 px phone; small inline scripts
/// keep the open groups in the address's fragment, filter the strings by text, locale, status and
/// template (kept in its query), and keep the decisions until they are downloaded as
/// `review-LOCALE.json` for `beckon l10n import`. Without them every group still opens by hand.
public struct ReviewPage: Sendable {
    public static let path = "review/index.html"

    let site: Site
    let input: LocalizationInput
    let statuses: [LocaleStatus]
    /// The build's findings, errors first, then warnings, then notes, each by location.
    let diagnostics: [Diagnostic]
    let artifacts: [Artifact]
    /// The artifacts a reviewer can look at (`ArtifactAppearances.kinds`), by locale: sorted out
    /// once for every column, not once per column over every file of the build.
    private let reviewable: [LocaleID: [Artifact]]
    /// The keys of the strings each artifact shows, by output path, when the caller read them.
    let shown: [String: [String]]?

    /// - Parameter shown: The keys of the strings each page, email and card shows (`strings(in:)`),
    ///   by output path, from a caller that keeps them between builds; `nil` reads them here.
    public init(
        site: Site, input: LocalizationInput, statuses: [LocaleStatus], diagnostics: [Diagnostic],
        artifacts: [Artifact], shown: [String: [String]]? = nil
    ) {
        self.site = site
        self.input = input
        self.statuses = statuses
        self.diagnostics = diagnostics.sortedBySeverity()
        self.artifacts = artifacts
        self.reviewable = Dictionary(
            grouping: artifacts.lazy.compactMap { artifact in
                ArtifactAppearances.kinds.contains(artifact.kind) ? artifact.locale.map { ($0, artifact) } : nil
            },
            by: \.0
        ).mapValues { $0.map(\.1) }
        self.shown = shown
        self.groups = Self.groups(input)
        self.samples = Dictionary(site.config.samples.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.stringFindings = Dictionary(
            grouping: diagnostics.filter { $0.location?.file.hasPrefix("locales/") == true }.flatMap { diagnostic in
                Set(diagnostic.allOccurrences.compactMap(\.locale)).map { ($0, diagnostic) }
            },
            by: \.0
        ).mapValues { $0.map(\.1) }
    }

    /// Templates, layouts and share messages, each with the keys it uses in source order.
    let groups: [(title: String, keys: [MessageKey])]

    private static func groups(_ input: LocalizationInput) -> [(title: String, keys: [MessageKey])] {
        let order = input.catalog.sourceBundle?.orderedKeys ?? []
        var places: [String: [MessageKey]] = [:]
        for key in order {
            for place in input.usage[key] ?? ["not used (external or unused)"] {
                places[place, default: []].append(key)
            }
        }
        return places.keys.sorted().map { ($0, places[$0] ?? []) }
    }

    /// The findings made at locale strings, by the locales they occur in.
    private let stringFindings: [String: [Diagnostic]]

    /// The site's sample invites by id, whose arguments a string's branches are rendered with.
    private let samples: [String: InviteValues]

    /// Whether an artifact is one the page links strings to (a page, an email, a card).
    public static func showsStrings(_ artifact: Artifact) -> Bool {
        ArtifactAppearances.kinds.contains(artifact.kind)
    }

    /// The keys of the strings an artifact shows, as the page links them: what its provenance map
    /// names (for a build step's cache key).
    public static func strings(in artifact: Artifact) -> [String] {
        ArtifactAppearances.strings(in: artifact).map(\.rawValue).sorted()
    }

    /// The page as an artifact.
    /// - Parameter columns: Locales' cells made earlier (`column(_:)`); the others are made here.
    public func artifact(columns: [LocaleID: ReviewColumn] = [:]) -> Artifact {
        Artifact(
            path: Self.path, kind: .review, contentType: "text/html; charset=utf-8",
            bytes: Array(html(columns: columns).utf8))
    }

    /// Every key the page shows a row for, each once.
    var keys: [MessageKey] {
        var seen = Set<MessageKey>()
        return groups.flatMap(\.keys).filter { seen.insert($0).inserted }
    }

    /// One locale's cells, for every key.
    public func column(_ locale: LocaleID) -> ReviewColumn {
        let appearances = ArtifactAppearances(
            reviewable[locale] ?? [], usage: input.usage,
            strings: { artifact in
                shown.map { Set(($0[artifact.path] ?? []).map { MessageKey($0) }) }
                    ?? ArtifactAppearances.strings(in: artifact)
            })
        // The plural rules of each locale that may supply a string.
        let rules = Dictionary(
            uniqueKeysWithValues: Set([locale] + input.catalog.bundles.keys).map { ($0, MessageHTML.Rules.of($0)) })
        let counter = WordCounter(locale: locale.rawValue)
        let arguments = StringVariants.SampleArguments(
            locale: locale, catalog: input.catalog, config: site.config, samples: samples)
        return ReviewColumn(
            cells: Dictionary(
                uniqueKeysWithValues: keys.map {
                    ($0, cell($0, locale, appearances, rules: rules, counter: counter, arguments: arguments))
                }))
    }

    /// What a locale's cells show of the findings (rule, severity and message of each finding at
    /// a string in that locale), for the key of a cache of columns.
    public func findingFacts(_ locale: LocaleID) -> [String] {
        (stringFindings[locale.rawValue] ?? []).flatMap { [$0.rule.rawValue, $0.severity.rawValue, $0.message] }
    }

    func html(columns: [LocaleID: ReviewColumn] = [:]) -> String {
        let locales = input.locales
        var out = """
            <!DOCTYPE html>
            <html lang="en" dir="ltr">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(HTMLEscaping.text(site.config.app.name)) – localization review</title>
            <style>\(ReviewStyle.css)</style>
            </head>
            <body>
            <header>
            <h1>\(HTMLEscaping.text(site.config.app.name)): localization review</h1>
            <p>Every string of every template in \(locales.count) locales, grouped by template: open a group to
            read its strings (the address keeps which groups are open). Lengths are the longest rendering with
            any sample invite and, for a string with plural or select branches, in each branch; findings are
            shown at the string they concern.</p>
            \(summaryTable())
            \(filters(locales))
            \(ReviewDecisionForm.panel)
            <nav aria-label="Templates"><ul>\(groups.map { "<li><a href=\"#\(Self.anchor($0.title))\">\(HTMLEscaping.text($0.title))</a></li>" }.joined())</ul></nav>
            </header>
            <main>

            """
        let columns = columns.merging(
            locales.filter { columns[$0] == nil }.map { ($0, column($0)) }, uniquingKeysWith: { made, _ in made })
        // Each group's rows are joined on every core (each a few hundred kilobytes on a large site).
        out += groups.parallelMap { section($0, locales: locales, columns: columns) }.joined()
        out += siteFindings()
        out +=
            "</main>\n<script>\(ReviewScript.groups)\(ReviewScript.filters)\(ReviewScript.decisions)</script>\n</body>\n</html>\n"
        return out
    }

    private func summaryTable() -> String {
        var rows = ""
        let pages = Dictionary(
            grouping: artifacts.filter { $0.sample == nil && $0.contentType.hasPrefix("text/html") },
            by: { $0.locale?.rawValue ?? "" })
        for status in statuses {
            let links = (pages[status.locale] ?? [])
                .map { "<a href=\"../\(HTMLEscaping.attribute($0.path))\">\($0.kind.rawValue)</a>" }.joined(
                    separator: " ")
            rows +=
                "<tr><th scope=\"row\">\(status.locale)</th><td>\(status.translated)/\(status.total)</td><td>\(status.progress)%</td><td>\(status.missing)</td><td>\(status.fallback)</td><td>\(status.stale)</td><td>\(status.overLimit)</td><td>\(status.findings)</td><td>\(status.approved)</td><td>\(status.needsWork)</td><td>\(links)</td></tr>\n"
        }
        return """
            <div class="scroll">
            <table class="summary">
            <caption>Locales</caption>
            <thead><tr><th scope="col">locale</th><th scope="col">translated</th><th scope="col">progress</th><th scope="col">missing</th><th scope="col">of which by fallback</th><th scope="col">stale</th><th scope="col">over limit</th><th scope="col">findings</th><th scope="col">approved</th><th scope="col">needs work</th><th scope="col">pages</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            </div>
            """
    }

    /// A group's strings, collapsed under a summary that counts them and their states, so a long
    /// page opens as a list of groups. The page's fragment names the open ones (the script opens
    /// them on load and keeps the fragment as groups are opened and closed); without the script,
    /// each opens by hand.
    private func section(
        _ group: (title: String, keys: [MessageKey]), locales: [LocaleID], columns: [LocaleID: ReviewColumn]
    ) -> String {
        let anchor = Self.anchor(group.title)
        var rows = ""
        var counted: [String: Int] = [:]
        for key in group.keys {
            var cells = ""
            var statuses: [String] = []
            var anyLocale = Set<String>()
            for locale in locales {
                let (html, states) = columns[locale]?.cells[key] ?? ("", [])
                cells += html
                statuses += states.map { "\(locale):\($0)" }
                anyLocale.formUnion(states)
            }
            for state in anyLocale { counted[state, default: 0] += 1 }
            rows += "<tr data-status=\"\(statuses.joined(separator: " "))\"><th scope=\"row\"><code>"
            rows += "\(HTMLEscaping.text(key.rawValue))</code>\(limitsNote(key))</th>\(cells)</tr>\n"
        }
        let counts = [
            ("missing", "missing"), ("stale", "stale"), ("over-limit", "over the limit"),
            ("finding", "with findings"), ("needs-work", "need work"),
        ].compactMap { state, label in counted[state].map { "\($0) \(label)" } }
        let strings = group.keys.count == 1 ? "1 string" : "\(group.keys.count) strings"
        // A summary holds one heading, or phrasing content only: the counts go inside the heading.
        var out = "<section id=\"\(anchor)\" class=\"group\">\n<details>\n<summary><h2>"
        out += "\(HTMLEscaping.text(group.title)) <span class=\"counts\">"
        out += ([strings] + counts).joined(separator: " · ") + "</span><span class=\"shown\"></span></h2></summary>\n"
        out += "<table class=\"strings\">\n<thead><tr><th scope=\"col\">key</th>"
        for locale in locales { out += "<th scope=\"col\" data-column=\"\(locale)\">\(locale)</th>" }
        out += "</tr></thead>\n<tbody>\n" + rows
        return out + "</tbody>\n</table>\n</details>\n</section>\n"
    }

    private func limitsNote(_ key: MessageKey) -> String {
        guard let entry = input.catalog.sourceBundle?.entries[key] else { return "" }
        var parts = StringLimit(entry, limits: input.limits).notes
        if let description = entry.description { parts.insert(HTMLEscaping.text(description), at: 0) }
        return parts.isEmpty ? "" : "<p class=\"note\">\(parts.joined(separator: " · "))</p>"
    }

    /// The filters above the strings: a search, a locale, a status and a template.
    private func filters(_ locales: [LocaleID]) -> String {
        let localeOptions = locales.map { "<option value=\"\($0)\">\($0)</option>" }.joined()
        let statusOptions = [
            ("missing", "missing"), ("fallback", "from a fallback"), ("stale", "stale"),
            ("over-limit", "over its limit"),
            ("finding", "with findings"), ("unreviewed", "not reviewed"), ("approved", "approved"),
            ("needs-work", "needs work"),
        ].map { "<option value=\"\($0.0)\">\($0.1)</option>" }.joined()
        let templateOptions = groups.map {
            "<option value=\"\(Self.anchor($0.title))\">\(HTMLEscaping.text($0.title))</option>"
        }.joined()
        return """
            <form class="filters" role="search" data-source="\(input.catalog.locales.defaultLocale)" hidden>
            <label>Search <input type="search" id="review-search"></label>
            <label>Locale <select id="review-locale"><option value="">all</option>\(localeOptions)</select></label>
            <label>Status <select id="review-status"><option value="">any</option>\(statusOptions)</select></label>
            <label>Template <select id="review-template"><option value="">all</option>\(templateOptions)</select></label>
            <p id="review-count" aria-live="polite"></p>
            </form>
            """
    }

    /// A string's cell in one locale, and its states there (`missing`, `fallback`, `stale`,
    /// `over-limit`, `finding`) for the filters. A string with choices shows each branch rendered
    /// (with a sample's values and the branch's number or keyword) and measured against the limit.
    private func cell(
        _ key: MessageKey, _ locale: LocaleID, _ appearances: ArtifactAppearances,
        rules: [LocaleID: MessageHTML.Rules], counter: WordCounter, arguments: StringVariants.SampleArguments
    ) -> (String, [String]) {
        let renderings = input.renderings[locale]?[key] ?? []
        guard let first = renderings.first, let found = input.catalog.lookup(key, in: locale) else {
            return ("<td class=\"missing\" data-column=\"\(locale)\">missing</td>", ["missing"])
        }
        let supplier = found.locale
        let limit = StringLimit(input.catalog.sourceBundle?.entries[key], limits: input.limits)
        let variants = StringVariants(
            key, in: locale, renderings: renderings, catalog: input.catalog, config: site.config, arguments: arguments,
            counter: counter)
        var longest = variants.length(of: renderings)
        var branches = 0
        let message = MessageHTML.html(found.entry.message, rules: rules[supplier] ?? MessageHTML.Rules.of(supplier)) {
            choices in
            guard let (text, length) = variants.render(choices) else { return "" }
            longest = longest.union(length)
            branches += 1
            let label = HTMLEscaping.text(choices.map(\.label).joined(separator: ", "))
            return "<p class=\"variant\"><span class=\"meta\" lang=\"en\" dir=\"ltr\">\(label):</span> "
                + "\(HTMLEscaping.text(text)) \(length.html(against: limit))</p>"
        }
        let quoted = Array("`\(key)`".utf8)
        let findings = (stringFindings[locale.rawValue] ?? []).filter { $0.message.containsBytes(quoted) }
        var classes: [String] = []
        if supplier != locale { classes.append("fallback") }
        if findings.contains(where: { $0.severity == .error }) {
            classes.append("error")
        } else if !findings.isEmpty {
            classes.append("warning")
        }
        var out =
            "<td\(classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"") data-column=\"\(locale)\" lang=\"\(locale)\" dir=\"\(locale.direction)\">"
        out += "<div class=\"message\">\(message)</div>"
        // A rendering with a sample's values, so arguments read as they will.
        let shown = variants.shown ?? first
        let label = shown.sample.map { "with sample \(HTMLEscaping.text($0))" } ?? "without an invite"
        out += "<p class=\"rendered\"><span class=\"meta\" lang=\"en\" dir=\"ltr\">\(label):</span> "
        out += "\(HTMLEscaping.text(shown.text))</p>"
        out += "<p class=\"meta\" lang=\"en\" dir=\"ltr\">"
        out += (branches > 0 ? "Longest of every sample and branch: " : "Longest with every sample: ")
        out += longest.html(against: limit)
        if supplier != locale { out += " · from \(supplier)" }
        out += "</p>"
        out += appearances.html(key, in: locale, sample: shown.sample, text: shown.text)
        let reviewable = supplier == locale && locale != input.catalog.locales.defaultLocale
        if reviewable { out += ReviewDecisionForm.recorded(found.entry) }
        for finding in findings {
            out +=
                "<p class=\"finding \(finding.severity.rawValue)\" lang=\"en\" dir=\"ltr\"><strong>\(finding.rule)</strong> \(HTMLEscaping.text(finding.message))</p>"
        }
        var states: [String] = []
        if supplier != locale { states += ["fallback", "missing"] }
        if findings.contains(where: { $0.rule == "l10n.stale" }) { states.append("stale") }
        // Over the limit as the rule finds it, or in a branch no sample renders (the rule measures
        // the samples' renderings; a fallback string is measured in the locale that supplies it).
        if findings.contains(where: { $0.rule == "l10n.too-long" })
            || (supplier == locale && limit.exceeded(by: longest))
        {
            states.append("over-limit")
        }
        if !findings.isEmpty { states.append("finding") }
        if reviewable {
            states.append(found.entry.currentReview?.decision.rawValue ?? "unreviewed")
            out += ReviewDecisionForm.fieldset(found.entry, locale: locale)
        }
        return (out + "</td>", states)
    }

    private func siteFindings() -> String {
        let others = diagnostics.filter { $0.location?.file.hasPrefix("locales/") != true }
        guard !others.isEmpty else { return "" }
        var out = "<section id=\"other-findings\" class=\"group\">\n<details>\n<summary><h2>Other findings "
        let count = others.count == 1 ? "1 finding" : "\(others.count) findings"
        out += "<span class=\"counts\">\(count)</span></h2></summary>\n<ul>\n"
        for finding in others {
            let place = finding.location.map { HTMLEscaping.text($0.description) + ": " } ?? ""
            let context = [finding.locale, finding.sample.map { "sample \($0)" }].compactMap { $0 }.joined(
                separator: ", ")
            out +=
                "<li class=\"\(finding.severity.rawValue)\">\(place)<strong>\(finding.rule)</strong> \(HTMLEscaping.text(finding.message))\(context.isEmpty ? "" : " (\(HTMLEscaping.text(context)))")</li>\n"
        }
        return out + "</ul>\n</details>\n</section>\n"
    }

    static func anchor(_ title: String) -> String {
        String(title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
