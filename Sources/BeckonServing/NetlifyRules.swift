/// `_headers` and `_redirects` for Netlify, and the subset Cloudflare Pages understands (no
/// status other than redirects, no `Language=` condition).
///
/// Both files are one rule per line with fields separated by spaces, and `*` and `:name` are
/// patterns in their paths: every path is percent-encoded (`encoded`) before it is written.
enum NetlifyRules {
    static func headers(_ plan: ServingPlan) -> String {
        var lines = [
            "# Written by `beckon build` from manifest.json; do not edit, rebuild.",
            "# Invite pages, emails and cards are not for search engines.",
            "/*", "  X-Robots-Tag: noindex",
        ]
        for file in plan.contentTypes {
            lines += [encoded(file.path), "  Content-Type: \(file.contentType)"]
        }
        for path in plan.messages {
            lines += [encoded(path), "  Content-Type: message/rfc822"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func redirects(_ plan: ServingPlan, languageConditions: Bool) -> String {
        var lines = ["# Written by `beckon build` from manifest.json; do not edit, rebuild."]
        if languageConditions {
            for page in plan.statusPages {
                lines.append("\(encoded(page.folder))  \(encoded(page.file))  \(page.status)!")
            }
        }
        if let path = plan.invitePath {
            let from = encoded(path) + (plan.invitePathIsPrefix ? "*" : "")
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

    /// `path` percent-encoded as a URL path: letters, digits, `/`, `-`, `.`, `_`, `~` and the
    /// sub-delimiters browsers send as they are (`!$&'()+,;=@`) stay; everything else, `*`, `:`,
    /// `%`, spaces and non-ASCII letters included, becomes `%XX` of its UTF-8 bytes.
    static func encoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "+", ",", ";",
                "=", "@":
                out.unicodeScalars.append(scalar)
            default:
                out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
