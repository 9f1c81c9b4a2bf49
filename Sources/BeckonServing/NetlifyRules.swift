/// `_headers` and `_redirects` for Netlify, and the subset Cloudflare Pages understands (no
/// status other than redirects, no `Language=` condition).
enum NetlifyRules {
    static func headers(_ plan: ServingPlan) -> String {
        var lines = [
            "# Written by `beckon build` from manifest.json; do not edit, rebuild.",
            "# Invite pages, emails and cards are not for search engines.",
            "/*", "  X-Robots-Tag: noindex",
        ]
        for file in plan.contentTypes {
            lines += [file.path, "  Content-Type: \(file.contentType)"]
        }
        for path in plan.messages {
            lines += [path, "  Content-Type: message/rfc822"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func redirects(_ plan: ServingPlan, languageConditions: Bool) -> String {
        var lines = ["# Written by `beckon build` from manifest.json; do not edit, rebuild."]
        if languageConditions {
            for page in plan.statusPages {
                lines.append("\(page.folder)  \(page.file)  \(page.status)!")
            }
        }
        if let path = plan.invitePath {
            let from = plan.invitePathIsPrefix ? path + "*" : path
            if languageConditions {
                for choice in plan.otherLanguages {
                    lines.append("\(from)  \(plan.landing(choice.locale))  200  Language=\(choice.language)")
                }
            }
            lines.append("\(from)  \(plan.landing(plan.defaultLocale))  200")
        }
        if let folder = plan.entryFolder {
            if languageConditions {
                for choice in plan.otherLanguages {
                    lines.append("/  /\(choice.locale)/\(folder)/  302  Language=\(choice.language)")
                }
            }
            lines.append("/  /\(plan.defaultLocale)/\(folder)/  302")
        }
        if languageConditions { lines.append("/_serving/*  /404  404") }
        return lines.joined(separator: "\n") + "\n"
    }
}
