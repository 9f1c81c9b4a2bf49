import BeckonRender
import BeckonSite
import InviteModel

/// The landing page's `invite_link_opened` event (seed 001 §7.1): posted with
/// `navigator.sendBeacon` to the site's first-party `analytics.endpoint`, with a `<noscript>`
/// pixel for browsers without scripts.
///
/// The event carries the invite code (read from the link the page was opened at), the context,
/// the A/B variant (`v=`) and the locale — no name, address, sender id or anything else about a
/// person — and, when the endpoint is on a host the site's server answers, the link itself (its
/// path and query, signature included), which `beckon serve` verifies before it records an open.
/// The script is inline and loads nothing.
public enum AnalyticsBeacon {
    /// The event's name, as seed 001 §7.1 spells it.
    public static let event = "invite_link_opened"

    /// The markup for a landing page in `locale`, rendered for `context`; `sendsLink` adds the
    /// link the page was opened at (only for an endpoint of the site's own server: the link's
    /// signature never goes to another host).
    public static func html(
        endpoint: WebURL, links: LinkPolicy, context: String, locale: String, sendsLink: Bool
    ) -> String {
        let codeExpression: String
        switch links.form {
        case .path:
            let pieces = links.path.components(separatedBy: "{code}")
            let prefix = pieces.first ?? links.path
            codeExpression =
                "u.pathname.indexOf(\(ScriptEscaping.string(prefix)))===0"
                + "?u.pathname.slice(\(prefix.utf16.count)).split(\"/\")[0].slice(0,64):null"
        case .query:
            codeExpression = "null"
        }
        let contextExpression =
            links.form == .query
            ? "u.searchParams.get(\"ctx\")||\(ScriptEscaping.string(context))" : ScriptEscaping.string(context)
        let script = [
            "<script>",
            "(function(){try{var u=new URL(location.href);",
            "var e=JSON.stringify({event:\(ScriptEscaping.string(event)),code:\(codeExpression),"
                + "context:\(contextExpression),variant:u.searchParams.get(\"v\"),locale:\(ScriptEscaping.string(locale))"
                + (sendsLink ? ",link:u.pathname+u.search" : "") + "});",
            "if(navigator.sendBeacon){navigator.sendBeacon(\(ScriptEscaping.string(endpoint.absoluteString)),e)}}catch(x){}})();",
            "</script>",
        ].joined(separator: "\n")
        let separator = endpoint.absoluteString.contains("?") ? "&" : "?"
        let pixel =
            endpoint.absoluteString + separator + "event=" + URLEscaping.component(event) + "&context="
            + URLEscaping.component(context) + "&locale=" + URLEscaping.component(locale)
        return script + "\n<noscript><img src=\"" + HTMLEscaping.attribute(pixel)
            + "\" alt=\"\" width=\"1\" height=\"1\"></noscript>\n"
    }
}
