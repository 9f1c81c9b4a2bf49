import BeckonDiagnostics
import BeckonRender
import Foundation
import InviteModel

/// `links.deep-link`: `mailto:` addresses are valid, `tel:` numbers are E.164, and SMS, WhatsApp and
/// Instagram links are well formed with their text percent-encoded; the app's own links have a
/// path after `SCHEME://`.
///
/// A malformed deep link opens the messaging app empty, or not at all.
struct DeepLinkRule: LinkRule {
    let id: RuleID = "links.deep-link"

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        guard let scheme = scheme(of: link.url), let problem = problem(link, scheme: scheme, context) else {
            return nil
        }
        return finding(
            .error, problem, artifact, link, fix: "Build the link from valid parts; see docs/invite-model.md.")
    }

    private func problem(_ link: FoundLink, scheme: String, _ context: CheckContext) -> String? {
        let url = link.url
        switch scheme {
        case "mailto":
            // Read once per address: every page links the same support address.
            return Self.mailtoProblems.value(for: url) { Self.mailtoProblem(url) }
        case "tel":
            return PhoneNumber(parsing: String(url.dropFirst("tel:".count))) == nil
                ? "`\(Redact.url(url))` is not an E.164 phone number" : nil
        case "sms", "whatsapp", "instagram":
            return DeepLink.parse(url) == nil ? "`\(Redact.url(url))` is not a well-formed \(scheme) link" : nil
        // The host as the link was resolved (read from the text only when it could not be).
        case "https" where (link.resolved?.host ?? host(of: url)) == "wa.me":
            return DeepLink.parse(url) == nil ? "`\(Redact.url(url))` is not a well-formed WhatsApp link" : nil
        // Compared one by one rather than hashed: an app has one scheme or none, and every
        // `https` link of every page is asked.
        case _ where context.appSchemes.contains(where: { $0 == scheme }):
            // `SCHEME://` is ASCII: a character follows it when a byte does.
            return url.dropFirst(scheme.count + 1).hasPrefix("//") && url.utf8.count > scheme.utf8.count + 3
                ? nil : "`\(Redact.url(url))` has no path after `\(scheme)://`"
        default:
            return nil
        }
    }

    /// The problem of a `mailto:` link, by its text.
    private static let mailtoProblems = TextMemo<String?>(limit: 4_096)

    /// RFC 6068: any number of comma-separated addresses, or none when the query names the
    /// message (a share link lets the reader choose the recipient).
    private static func mailtoProblem(_ url: String) -> String? {
        let rest = url.drop { $0 != ":" }.dropFirst()
        let address = rest.prefix { $0 != "?" }
        let query = rest.dropFirst(address.count)
        // Foundation's decoding is asked only when there is a `%` to decode.
        let decoded =
            address.utf8.contains(UInt8(ascii: "%"))
            ? address.removingPercentEncoding ?? String(address) : String(address)
        if decoded.isEmpty, query.count <= 1 { return "`\(Redact.url(url))` names no address and no message" }
        guard decoded.isEmpty || decoded.split(separator: ",").allSatisfy({ EmailAddress(String($0)) != nil })
        else {
            return "`\(Redact.url(url))` has an invalid email address"
        }
        return nil
    }
}
