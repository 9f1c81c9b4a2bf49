import BeckonURL

/// A link that opens a messaging app with a message filled in (seed 002 Requirement 8).
///
/// Text is percent-encoded per RFC 3986, so building and parsing round-trip for any Unicode message.
///
/// SMS uses `sms:NUMBER?&body=TEXT`. iOS reads the body after `&`, Android after `?`; the `?&`
/// form satisfies both (a bare `?body=` is ignored by older iOS, a bare `&body=` by Android).
public enum DeepLink: Hashable, Sendable {
    /// `https://wa.me/DIGITS?text=…` (or `https://wa.me/?text=…` to pick a chat); works with or
    /// without the app installed.
    case whatsApp(phone: PhoneNumber?, text: String)
    /// `whatsapp://send?phone=DIGITS&text=…`, the app's own scheme.
    case whatsAppScheme(phone: PhoneNumber?, text: String)
    /// `sms:NUMBER?&body=…`.
    case sms(phone: PhoneNumber?, body: String)
    /// `instagram://user?username=…`; Instagram cannot prefill a message.
    case instagram(InstagramUsername)
    /// `https://www.instagram.com/USERNAME/`, the fallback when the app is not installed.
    case instagramWeb(InstagramUsername)
    /// `mailto:ADDRESS?subject=…&body=…`.
    case mailto(to: EmailAddress?, subject: String?, body: String?)

    /// The link as a URL string.
    public var url: String {
        switch self {
        case .whatsApp(let phone, let text):
            return "https://wa.me/\(phone?.digits ?? "")?text=\(PercentEncoding.encode(text))"
        case .whatsAppScheme(let phone, let text):
            var pairs: [(String, String)] = []
            if let phone { pairs.append(("phone", phone.digits)) }
            pairs.append(("text", text))
            return "whatsapp://send?" + QueryString.build(pairs)
        case .sms(let phone, let body):
            return "sms:\(phone?.e164 ?? "")?&body=\(PercentEncoding.encode(body))"
        case .instagram(let username):
            return "instagram://user?username=\(username.name)"
        case .instagramWeb(let username):
            return "https://www.instagram.com/\(username.name)/"
        case .mailto(let to, let subject, let body):
            var pairs: [(String, String)] = []
            if let subject { pairs.append(("subject", subject)) }
            if let body { pairs.append(("body", body)) }
            let address = to.map { PercentEncoding.encode($0.localPart) + "@" + $0.domain } ?? ""
            return "mailto:\(address)" + (pairs.isEmpty ? "" : "?" + QueryString.build(pairs))
        }
    }

    /// Reads a link built by `url` (and the common variants other tools write).
    public static func parse(_ url: String) -> DeepLink? {
        if url.hasPrefix("https://wa.me/") {
            let rest = url.dropFirst("https://wa.me/".count)
            let (path, query) = split(rest)
            let phone = path.isEmpty ? nil : PhoneNumber(e164: "+" + path)
            guard path.isEmpty || phone != nil, let pairs = QueryString.parse(query) else { return nil }
            return .whatsApp(phone: phone, text: value("text", pairs) ?? "")
        }
        if url.hasPrefix("whatsapp://send") {
            let (_, query) = split(url.dropFirst("whatsapp://send".count))
            guard let pairs = QueryString.parse(query) else { return nil }
            let phone = value("phone", pairs).flatMap { PhoneNumber(e164: "+" + $0) }
            return .whatsAppScheme(phone: phone, text: value("text", pairs) ?? "")
        }
        if url.hasPrefix("sms:") {
            let (path, query) = split(url.dropFirst("sms:".count))
            let phone = path.isEmpty ? nil : PhoneNumber(parsing: String(PercentEncoding.decode(path) ?? ""))
            guard path.isEmpty || phone != nil, let pairs = QueryString.parse(query) else { return nil }
            return .sms(phone: phone, body: value("body", pairs) ?? "")
        }
        if url.hasPrefix("instagram://user?") {
            guard let pairs = QueryString.parse(url.dropFirst("instagram://user?".count)),
                let username = value("username", pairs).flatMap(InstagramUsername.init)
            else { return nil }
            return .instagram(username)
        }
        if url.hasPrefix("https://www.instagram.com/") {
            let name = url.dropFirst("https://www.instagram.com/".count).split(separator: "/").first.map(String.init)
            return name.flatMap(InstagramUsername.init).map { .instagramWeb($0) }
        }
        if url.hasPrefix("mailto:") {
            let (path, query) = split(url.dropFirst("mailto:".count))
            guard let pairs = QueryString.parse(query), let addressText = PercentEncoding.decode(path) else {
                return nil
            }
            let address = addressText.isEmpty ? nil : EmailAddress(addressText)
            guard addressText.isEmpty || address != nil else { return nil }
            return .mailto(to: address, subject: value("subject", pairs), body: value("body", pairs))
        }
        return nil
    }

    private static func split(_ text: Substring) -> (Substring, Substring) {
        guard let mark = text.firstIndex(of: "?") else { return (text, "") }
        return (text[..<mark], text[text.index(after: mark)...])
    }

    private static func value(_ name: String, _ pairs: [(String, String)]) -> String? {
        pairs.first { $0.0 == name }?.1
    }
}
