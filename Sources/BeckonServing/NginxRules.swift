/// `_serving/nginx.conf`: an include for the `server { }` block whose `root` is the output folder.
///
/// nginx picks one `location` per request, so each rule is its own location: exact matches for
/// `/` and the association file, `^~` prefixes for gone pages and the invite path (which stop the
/// regular expressions), then regular expressions by file extension.
///
/// With `proxy` (`serving: [beckon-serve]`), every path `beckon serve` answers from its store
/// (`ServerRoutes`: invite links, accept links, the beacon, the API under `/v1/`) goes to it
/// through the upstream `beckon_serve`, which the including configuration
/// defines (one server, or several on one PostgreSQL store).
enum NginxRules {
    static func text(_ plan: ServingPlan, proxy: Bool = false) -> String {
        var lines =
            proxy
            ? [
                "# Written by `beckon build` (serving: [beckon-serve]) from manifest.json; do not edit, rebuild.",
                "# Include it in the server block that serves the output folder, with an upstream for the server:",
                "#   upstream beckon_serve { server 127.0.0.1:8080; }",
                "#   server { listen 443 ssl; root /srv/invites; include /srv/invites/_serving/beckon-serve.nginx.conf; }",
                "",
                "charset utf-8;",
                "",
            ]
            : [
                "# Written by `beckon build` (serving: [nginx]) from manifest.json; do not edit, rebuild.",
                "# Include it in the server block that serves the output folder:",
                "#   server { listen 443 ssl; root /srv/invites; include /srv/invites/_serving/nginx.conf; }",
                "",
                "charset utf-8;",
                "",
            ]
        if plan.entryFolder != nil || plan.invitePath != nil {
            lines.append(
                "# The locale of the visitor's first Accept-Language language, \(plan.defaultLocale) when none has pages."
            )
            lines.append("set $beckon_locale \(plan.defaultLocale);")
            for choice in plan.otherLanguages {
                lines.append(
                    "if ($http_accept_language ~* \"^\\s*\(choice.language)(-|;|,|\\s|$)\") { set $beckon_locale \(choice.locale); }"
                )
            }
            lines.append("")
        }
        if let folder = plan.entryFolder {
            lines += [
                "location = / {", "    add_header Vary Accept-Language always;",
                "    return 302 /$beckon_locale/\(folder)/;", "}", "",
            ]
        }
        if proxy {
            // `proxy_pass` without a URI passes the request's own path and query on.
            let pass = [
                "    proxy_pass http://beckon_serve;", "    proxy_set_header Host $host;",
                "    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
                "    proxy_set_header X-Forwarded-Proto $scheme;",
            ]
            // Each path the server answers from its store, as its own route list gives them.
            for route in plan.serverRoutes {
                let modifier =
                    switch route.match {
                    case .exact: "="
                    case .prefix: "^~"
                    }
                lines.append("# \(route.purpose.summary)")
                lines += ["location \(modifier) \(quoted(route.match.path)) {"] + pass + ["}", ""]
            }
        } else if let path = plan.invitePath {
            lines += [
                "# Invite links: a static host cannot know an invite's state, so every link gets the landing page.",
                "location \(plan.invitePathIsPrefix ? "^~" : "=") \(quoted(path)) {",
                "    add_header X-Robots-Tag noindex always;", "    add_header Cache-Control no-cache always;",
                "    add_header Vary Accept-Language always;",
                "    rewrite ^ /$beckon_locale/\(plan.entryFolder ?? "invite")/index.html break;", "}", "",
            ]
        }
        for (index, page) in plan.statusPages.enumerated() {
            lines += [
                "location ^~ \(quoted(page.folder)) {", "    error_page \(page.status) @beckon_status_\(index);",
                "    return \(page.status);", "}",
                "location @beckon_status_\(index) {", "    add_header X-Robots-Tag noindex always;",
                "    add_header Cache-Control no-cache always;", "    rewrite ^ \(page.file) break;", "}", "",
            ]
        }
        for file in plan.contentTypes {
            lines += [
                "location = \(quoted(file.path)) {", "    types { }", "    default_type \(quoted(file.contentType));",
                "    add_header Cache-Control no-cache always;", "}",
            ]
        }
        lines += [
            "",
            "location ~* \\.html$ {", "    add_header X-Robots-Tag noindex always;",
            "    add_header Cache-Control no-cache always;", "}",
            "location ~* \\.eml$ {", "    types { }", "    default_type message/rfc822;",
            "    add_header X-Robots-Tag noindex always;", "}",
            "location ~* \\.(png|svg|jpe?g|webp|gif)$ {",
            "    add_header Cache-Control \"public, max-age=3600\" always;",
            "}",
            "location ^~ /_serving/ {", "    return 404;", "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as an nginx quoted string: `"` and `\` escaped, so spaces, `;`, `{`, `}` and `#` are
    /// literal. `$` stays: it is literal in a `location` and in `default_type`, the only places
    /// this is used.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
