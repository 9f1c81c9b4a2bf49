import BeckonDiagnostics
import BeckonRender

/// `links.scheme`: links use https, or a scheme the site declares — its app's, `whatsapp:`,
/// `instagram:` — or `mailto:`, `tel:` and `sms:`. Never `javascript:`, `data:` or plain `http:`.
///
/// Plain http is downgraded or blocked by browsers and leaks the invite to the network;
/// `javascript:` and `data:` links are how injected content runs. Declared app schemes are checked
/// for their shape by `links.deep-link`, never reported as unknown. Under `beckon lint`, a scheme
/// is declared with `--scheme`, or by `--site` for a site whose app's scheme it is.
struct LinkSchemeRule: LinkRule {
    let id: RuleID = "links.scheme"

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        // The scheme a browser reads: tabs and newlines inside it (`java&#09;script:`) are dropped.
        guard link.isAbsolute, let scheme = link.resolved?.scheme, !Self.allowed.contains(scheme),
            !context.appSchemes.contains(scheme), !CheckContext.messagingSchemes.contains(scheme)
        else { return nil }
        let local = scheme == "http" && ["localhost", "127.0.0.1"].contains(link.resolved?.host ?? "")
        guard !local else { return nil }
        // An image may be embedded in its `src`; a `data:` link a reader follows may not.
        // A style sheet may embed its images and fonts too.
        let media = link.url.drop(while: { $0 == " " }).dropFirst(5).lowercased()
        if scheme == "data", ["src", "srcset", "poster", "url()"].contains(link.attribute),
            media.hasPrefix("image/") || (link.attribute == "url()" && media.hasPrefix("font/"))
        {
            return nil
        }
        let dangerous = ["javascript", "data", "vbscript", "file"].contains(scheme)
        return finding(
            .error,
            dangerous
                ? "a `\(scheme):` link (\(link.attribute)) can run code or load content from the link itself"
                : "`\(Redact.url(link.url))` uses `\(scheme):`; links must be https or a declared scheme",
            artifact, link,
            fix: scheme == "http" ? "Link to the https address." : Self.declareFix(scheme, context: context))
    }

    /// Schemes every page may link with, besides the site's and the messaging apps'.
    private static let allowed: Set<String> = ["https", "mailto", "tel", "sms"]

    /// How to declare a scheme where the checks run: `lint` reads no beckon.yml of its own.
    static func declareFix(_ scheme: String, context: CheckContext) -> String {
        switch context.runner {
        case .build: "Remove the link, or declare the scheme as `app.urlScheme`."
        case .lint:
            "Remove the link, or declare the scheme with `--scheme \(scheme)` (or `--site DIR` for a site whose `app.urlScheme` it is)."
        }
    }
}
