/// `_serving/Caddyfile`: directives to `import` in the site block whose `root` is the output folder,
/// before its `file_server`.
///
/// Caddy orders directives by kind, not by where they are written; `route` blocks keep the
/// written order where it matters (the language of `/` and of invite links).
enum CaddyRules {
    static func text(_ plan: ServingPlan) -> String {
        var lines = [
            "# Written by `beckon build` (serving: [caddy]) from manifest.json; do not edit, rebuild.",
            "# Import it in the site block that serves the output folder:",
            "#   invites.example.com {", "#       root * /srv/invites",
            "#       import /srv/invites/_serving/Caddyfile",
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
        if let path = plan.invitePath {
            let matcher = plan.invitePathIsPrefix ? path + "*" : path
            lines.append(
                "# Invite links: a static host cannot know an invite's state, so every link gets the landing page.")
            lines.append("route \(matcher) {")
            lines.append("    header Vary Accept-Language")
            // Every rewrite in a route runs: the default first, then the visitor's language.
            lines.append("    rewrite * \(plan.landing(plan.defaultLocale))")
            for choice in plan.otherLanguages {
                lines.append("    rewrite @beckon_lang_\(choice.language) \(plan.landing(choice.locale))")
            }
            lines += ["}", ""]
        }
        for page in plan.statusPages {
            lines += [
                "handle \(page.folder)* {", "    rewrite * \(page.file)", "    file_server {",
                "        status \(page.status)", "    }", "}",
            ]
        }
        for file in plan.contentTypes {
            lines.append("header \(file.path) Content-Type \"\(file.contentType)\"")
        }
        var pages = ["*.html", "*/"]
        if let path = plan.invitePath { pages.append(plan.invitePathIsPrefix ? path + "*" : path) }
        lines += [
            "header *.eml Content-Type message/rfc822",
            "@beckon_pages path \(pages.joined(separator: " "))",
            "header @beckon_pages {", "    X-Robots-Tag noindex", "    Cache-Control no-cache", "}",
            "@beckon_images path *.png *.svg *.jpg *.jpeg *.webp *.gif",
            "header @beckon_images Cache-Control \"public, max-age=3600\"",
            "respond /_serving/* 404",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
