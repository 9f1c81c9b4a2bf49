import BeckonDiagnostics
import InviteModel

/// `email:` in beckon.yml: who invitation emails come from, their logo, and which link the
/// button opens.
public struct EmailConfig: Sendable, Hashable {
    /// What the email's accept button links to.
    public enum Accept: String, Sendable, Hashable, CaseIterable {
        /// The signed invite link of `links`.
        case link
        /// `tokens.acceptURL` with a JWT invite token (seed 003 #17).
        case token
    }

    /// An image shown at the top of every email. Email clients do not show SVG: PNG, JPEG or GIF.
    public struct Logo: Sendable, Hashable {
        /// Path below `static/`, which is also its URL path below `app.baseURL`.
        public var path: String
        public var alt: String
        public var width: Int
        public var height: Int

        static let keys = ["path", "alt", "width", "height"]
    }

    /// The sender address.
    public var from: EmailAddress
    /// Where replies go, if not to `from`.
    public var replyTo: EmailAddress?
    public var logo: Logo?
    public var accept: Accept

    static let keys = ["from", "replyTo", "logo", "accept"]

    init?(_ mapping: YAMLReader.Mapping) {
        func address(_ key: String, required: Bool) -> EmailAddress? {
            guard let text = mapping.string(key, required: required) else { return nil }
            guard let address = EmailAddress(text), text.allSatisfy(\.isASCII) else {
                mapping.reader.invalid(
                    "`\(text)` is not an email address (in `\(mapping.path(key))`)", at: mapping.location(of: key),
                    fix: "Write a plain address such as `invites@example.com`, without a display name.",
                    rule: "invalid-email")
                return nil
            }
            return address
        }
        let from = address("from", required: true)
        replyTo = address("replyTo", required: false)
        logo = mapping.mapping("logo", keys: Logo.keys).flatMap(Logo.init)
        let acceptText = mapping.string("accept") ?? Accept.link.rawValue
        let accept = Accept(rawValue: acceptText)
        if accept == nil {
            mapping.reader.invalid(
                "`\(acceptText)` is not a kind of accept link", at: mapping.location(of: "accept"),
                fix: "Write `link` (the signed invite link) or `token` (tokens.acceptURL with a JWT).",
                rule: "invalid-value")
        }
        guard let from, let accept else { return nil }
        self.from = from
        self.accept = accept
    }
}

extension EmailConfig.Logo {
    init?(_ mapping: YAMLReader.Mapping) {
        let path = mapping.string("path", required: true).flatMap { ThemeConfig.staticPath($0, mapping, "path") }
        let alt = mapping.string("alt", required: true)
        let width = mapping.int("width", in: 1...600, required: true)
        let height = mapping.int("height", in: 1...600, required: true)
        guard let path, let alt, let width, let height else { return nil }
        let lowered = path.lowercased()
        guard [".png", ".jpg", ".jpeg", ".gif"].contains(where: lowered.hasSuffix) else {
            mapping.reader.invalid(
                "`\(path)` is not a PNG, JPEG or GIF: email clients do not show other images",
                at: mapping.location(of: "path"), fix: "Export the logo as PNG.", rule: "invalid-path")
            return nil
        }
        self.init(path: path, alt: alt, width: width, height: height)
    }
}
