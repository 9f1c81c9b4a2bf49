import Foundation

/// Generates `docs/rules.md` from the doc comments of the rule sources, so the documentation is
/// the code's own words and cannot drift from it.
enum RuleDocumentation {
    struct Rule {
        var id: String
        var severity: String
        var summary: String
        var details: [String]
        var family: String { String(id.prefix { $0 != "." }) }
    }

    static func rules(rulesFolder: URL) throws -> [Rule] {
        var rules: [Rule] = []
        let files =
            FileManager.default.enumerator(at: rulesFolder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path } ?? []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let declaration = lines.firstIndex(where: { $0.hasPrefix("struct ") && $0.contains("Rule") }),
                let idLine = lines.first(where: { $0.contains("let id: RuleID = \"") })
            else { continue }
            var comment: [String] = []
            var index = declaration - 1
            while index >= 0, lines[index].hasPrefix("///") {
                comment.insert(String(lines[index].dropFirst(3).drop { $0 == " " }), at: 0)
                index -= 1
            }
            let id = idLine.components(separatedBy: "\"")[1]
            let paragraphs = comment.split(separator: "", omittingEmptySubsequences: true).map {
                $0.joined(separator: " ")
            }
            let severity = text.contains(".warning") && !text.contains(".error") ? "warning" : "error"
            rules.append(
                Rule(
                    id: id, severity: severity, summary: paragraphs.first ?? "", details: Array(paragraphs.dropFirst()))
            )
        }
        return rules.sorted { $0.id < $1.id }
    }

    static func markdown(rulesFolder: URL) throws -> String {
        let rules = try rules(rulesFolder: rulesFolder)
        var out = """
            # Rules

            Every check Beckon runs, generated from the rules' doc comments in `Sources/BeckonChecks/Rules`
            (a test fails when this file is out of date). Each finding names its rule, the file, line and
            column it traces back to, the locale and sample invite it was made with, and a fix.

            Severities can be changed per rule in beckon.yml:

            ```yaml
            checks:
              severity:
                l10n.untranslated: error
                links.host: warning
                doc.noindex: off
            ```

            ## Where findings point

            Checks read the bytes the renderers wrote, and every rendered page and email HTML part
            carries a provenance map: which byte ranges came from which template line, layout line,
            locale string, `beckon.yml` setting or sample invite field. A finding on rendered output is
            reported at the origin of the bytes it concerns: a broken link written in a template at
            the link's line and column, a broken link inside a locale string at that string in
            `locales/LOCALE.yml`, a colour at its line in `beckon.yml`, a too-long title at the string
            it was formatted from. The output file and line are a note (`artifact` and `artifactLine`
            in JSON). Rules that know better say where themselves (a card's contrast at the theme
            colour it was drawn from, a button's at `theme.*.button`); only bytes with no origin at
            all are reported at the output file. An email's plain-text part is written from the same
            template and strings as its HTML part, so its sentences and links borrow the HTML part's
            origins: a bad link in an email template is one finding at its line, made in both parts.

            The same finding — same rule, location, message and fix — made in several locales, sample
            invites or files is reported once, with where it occurs: `(in de-DE and ja-JP, samples
            emoji-name and long-name)`, and the first output file with the count of the others; its notes
            are those of every occurrence (`in href`, `in text`). What was measured in each (a contrast
            ratio that varies along a gradient, a title's length with each sample's name) is the
            finding's `detail`. JSON lists every occurrence under `occurrences`, SARIF as `relatedLocations`,
            JUnit as one line each; the summary counts findings, and `errorOccurrences` counts every
            place they were made.

            ## Links as a browser reads them

            Every `href`, `src`, `srcset` candidate, `ping` URL, `action`, `poster`, `data`, SVG
            `xlink:href`, refresh target, Open Graph URL, and CSS `url(…)` and `@import` (in `<style>`
            elements, `style` attributes and, under `beckon lint`, the style sheets the pages link to) is read the way a browser reads it: with the URL Standard's parser
            (`Sources/BeckonURL`), against the page's URL or its `<base href>`. So leading and trailing
            whitespace and any tab or newline are dropped (`java&#09;script:` is `javascript:`), `\\` is
            `/` in https URLs (`https:\\\\evil.example\\x` goes to evil.example), `//host/x` is
            another host, `?page=2` is the page itself, `%20` and `%C3%BC` are decoded to find the file,
            a `#fragment` matches an id as written or decoded, `#top` always exists, and a `srcset` is
            split as the HTML Standard splits it (a comma inside a `data:` URL or a file name such as
            `a,1.png` belongs to it). Decisions Beckon makes where the standard leaves it to the page's
            own URL: a URL that names its scheme is read as it is, without the page's URL, so
            `https:/evil.example/x` goes to evil.example (as it does from a page opened as a file or
            over http; only on an https page is it a path on the same site); a link the parser refuses
            (a space in the host, an unclosed `[`, a port that is not a number) is `links.url`. Hosts
            are compared after parsing, so none of these spellings gets around `checks.allowedHosts`.
            Internationalized host names are converted as browsers convert them (UTS #46, then Punycode:
            `granö.fi` is `xn--gran-8qa.fi`), and allowed hosts are compared in that form, whichever form
            they were given in. The `<base href>` is a link too: a `wss:` or `javascript:` base is
            `links.scheme`. A fragment directive (`#:~:text=…`, URL Fragment Text Directives) names no
            element: only the id before `:~:` must exist, and none when it is empty.

            `beckon lint` reports a finding at the line and column of the URL in the file (in
            characters; for a tag written over several lines, the line its attribute is on), and
            names its own options in fixes (`--scheme`, `--allow-host`, `--site`). Linting a single
            file, its links may point at any file below its folder; only the files they point at are
            read. Each folder given (or folder of a file given) is a site of its own, its root-relative
            links resolved within it; a folder inside another given folder belongs to the outer site,
            whatever the order of the arguments. With several sites, each finding names its file with
            its folder (relative to the current folder, `./` for the current folder itself), and a page
            given twice, or through a symbolic link, is linted once.

            `Tests/BeckonChecksTests/Conformance/` holds small HTML files, one per case, each naming
            the rules it must trip; `make test` runs them all.

            ### Compared with html-proofer and lychee

            What each tool checks in a folder of HTML, as their documentation describes it (a dash:
            not a check it makes):

            | check | `beckon lint` | html-proofer | lychee |
            |---|---|---|---|
            | internal links and files exist | yes | yes | yes (`file://` links) |
            | `#fragment` targets exist | yes | yes | with `--include-fragments` |
            | URLs parsed as browsers parse them (URL Standard) | yes | — | yes |
            | `srcset` candidates | yes | yes | yes |
            | external links answer | in `build`/`check --online` | yes | yes |
            | https only (`http:` links) | yes | with `enforce_https` | — |
            | `javascript:`/`data:` links | yes | — | — |
            | host allow-list | with `--allow-host`/`--site` | — | — |
            | `mailto:` and `tel:` well formed | yes | yes | `mailto:` (`--include-mail`) |
            | images have `alt`, `src` | yes | yes | — |
            | Open Graph and Twitter URLs absolute | yes | `check_opengraph` | — |
            | `lang`, `<title>`, one `h1`, viewport | yes | — | — |
            | placeholders left in URLs | yes | — | — |

            Site, template and bundle problems found while loading (`yaml.*`, `config.*`, `template.*`,
            `layout.*`, `input.*`, `build.*`, and `l10n.missing-key`, `l10n.icu-syntax`,
            `l10n.plural-categories`, `l10n.fallback`, `l10n.missing-translation`,
            `l10n.unknown-argument`) are always reported and
            are described in [site-format.md](site-format.md).

            | rule | default | checks |
            |---|---|---|

            """
        for rule in rules {
            out +=
                "| [`\(rule.id)`](#\(anchor(rule.id))) | \(rule.severity) | \(rule.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        var family = ""
        for rule in rules {
            if rule.family != family {
                family = rule.family
                out += "\n## \(family).*\n"
            }
            out += "\n### \(rule.id)\n\nDefault: \(rule.severity).\n\n\(rule.summary)\n"
            for paragraph in rule.details { out += "\n\(paragraph)\n" }
        }
        return out
    }

    static func anchor(_ id: String) -> String {
        String(id.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" })
    }
}
