/// `_serving/Caddyfile`: directives to `import` in the site block whose `root` is the output folder,
/// before its `file_server`.
///
/// Caddy orders directives by kind, not by where they are written; `route` blocks keep the
/// written order where it matters (the language of `/` and of invite links).
///
/// Every path from the manifest or `beckon.yml` is matched by a named `path_regexp` matcher whose
/// pattern spells each character but letters, digits, `/`, `-` and `_` as an escape (`\x20`,
/// `\.`), inside double quotes: no space, quote, brace or `$` reaches the Caddyfile, so neither
/// its tokens nor its `{$ENV}` and `{placeholder}` expansion see one. Rewrite and redirect
/// targets hold locales and plain paths only (`ServingPlan` refuses others).
///
/// With `proxy` (`serving: [beckon-serve]`), every path `beckon serve` answers from its store
/// (`ServerRoutes`: invite links, accept links, the beacon, the API under `/v1/`) goes to it at `{$BECKON_SERVE_UPSTREAM}` (an environment variable of Caddy's,
/// `127.0.0.1:8080` when unset).
enum CaddyRules {
    static func text(_ plan: ServingPlan, proxy: Bool = false) -> String {
        var lines = [
            "# Written by `beckon build` (serving: [\(proxy ? "beckon-serve" : "caddy")]) from manifest.json; do not edit, rebuild.",
            "# Import it in the site block that serves the output folder:",
            "#   invites.example.com {", "#       root * /srv/invites",
            "#       import /srv/invites/_serving/\(proxy ? "beckon-serve.Caddyfile" : "Caddyfile")",
            "#       file_server", "#   }", "",
        ]
        for choice in plan.otherLanguages {
            lines.append(
                "@beckon_lang_\(choice.language) header_regexp Accept-Language \"(?i)^\\s*\(choice.language)(-|;|,|\\s|$)\""
            )
        }
        if !plan.otherLanguages.isEmpty { lines.append("") }
        if let folder = plan.entryFolder {
            lines.append("route / {")
            lines.append("    header Vary Accept-Language")
            for choice in plan.otherLanguages {
                lines.append("    redir @beckon_lang_\(choice.language) /\(choice.locale)/\(folder)/ 302")
            }
            lines += ["    redir * /\(plan.defaultLocale)/\(folder)/ 302", "}", ""]
        }
        if proxy {
            let upstream = "    reverse_proxy {$BECKON_SERVE_UPSTREAM:127.0.0.1:8080}"
            // Each path the server answers from its store, as its own route list gives them.
            for route in plan.serverRoutes {
                let name = "@beckon_\(route.purpose.rawValue)"
                let isPrefix =
                    switch route.match {
                    case .exact: false
                    case .prefix: true
                    }
                lines += [
                    "# \(route.purpose.summary)",
                    "\(name) path_regexp \(pattern(route.match.path, prefix: isPrefix))",
                    "route \(name) {", upstream, "}", "",
                ]
            }
        } else if let path = plan.invitePath {
            lines.append(
                "# Invite links: a static host cannot know an invite's state, so every link gets the landing page.")
            lines.append("@beckon_invite path_regexp \(pattern(path, prefix: plan.invitePathIsPrefix))")
            lines.append("route @beckon_invite {")
            lines += [
                "    header Vary Accept-Language", "    header X-Robots-Tag noindex",
                "    header Cache-Control no-cache",
            ]
            // Every rewrite in a route runs: the default first, then the visitor's language.
            lines.append("    rewrite * \(plan.landing(plan.defaultLocale))")
            for choice in plan.otherLanguages {
                lines.append("    rewrite @beckon_lang_\(choice.language) \(plan.landing(choice.locale))")
            }
            lines += ["}", ""]
        }
        for (index, page) in plan.statusPages.enumerated() {
            lines += [
                "@beckon_status_\(index) path_regexp \(pattern(page.folder, prefix: true))",
                "handle @beckon_status_\(index) {", "    rewrite * \(page.file)", "    file_server {",
                "        status \(page.status)", "    }", "}",
            ]
        }
        for (index, file) in plan.contentTypes.enumerated() {
            lines += [
                "@beckon_type_\(index) path_regexp \(pattern(file.path, prefix: false))",
                "header @beckon_type_\(index) Content-Type \"\(file.contentType)\"",
            ]
        }
        lines += [
            "header *.eml Content-Type message/rfc822",
            "@beckon_pages path *.html */",
            "header @beckon_pages {", "    X-Robots-Tag noindex", "    Cache-Control no-cache", "}",
            "@beckon_images path *.png *.svg *.jpg *.jpeg *.webp *.gif",
            "header @beckon_images Cache-Control \"public, max-age=3600\"",
            "respond /_serving/* 404",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A double-quoted `path_regexp` pattern for `path` (decoded, as Caddy matches it), the whole
    /// path or, with `prefix`, every path that starts with it.
    static func pattern(_ path: String, prefix: Bool) -> String {
        var out = "\"^"
        for scalar in path.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", "-", "_": out.unicodeScalars.append(scalar)
            case ".": out += "\\."
            case _ where scalar.isASCII:
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
            // Letters of other scripts are literal in Go's regular expressions and between quotes
            // (control characters were refused).
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + (prefix ? "" : "$") + "\""
    }
}
