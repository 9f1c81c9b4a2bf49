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

    /// The sender address.
    public var from: EmailAddress
    /// Where replies go, if not to `from`.
    public var replyTo: EmailAddress?
    /// The image at the top of every email: a PNG, JPEG or GIF (email clients do not show SVG),
    /// at most 600 pixels wide.
    public var logo: ThemeConfig.Logo?
    public var accept: Accept
    /// How sent emails are signed (`beckon serve --smtp`), or `nil` when they are not.
    public var dkim: DKIMConfig?
    /// When the senders' daily digest goes out (`email.digest`; 18:00 UTC when not written).
    public var digest: DigestConfig

    static let keys = ["from", "replyTo", "logo", "accept", "dkim", "digest"]

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
        logo = mapping.mapping("logo", keys: ThemeConfig.Logo.keys).flatMap(Self.logo)
        let acceptText = mapping.string("accept") ?? Accept.link.rawValue
        let accept = Accept(rawValue: acceptText)
        if accept == nil {
            mapping.reader.invalid(
                "`\(acceptText)` is not a kind of accept link", at: mapping.location(of: "accept"),
                fix: "Write `link` (the signed invite link) or `token` (tokens.acceptURL with a JWT).",
                rule: "invalid-value")
        }
        dkim = mapping.mapping("dkim", keys: DKIMConfig.keys).flatMap { DKIMConfig($0, fromDomain: from?.domain) }
        let digest = mapping.mapping("digest", keys: DigestConfig.keys).map(DigestConfig.init) ?? .standard
        guard let from, let accept, let digest else { return nil }
        self.digest = digest
        self.from = from
        self.accept = accept
    }
}

extension EmailConfig {
    /// A logo as in `theme.logo`, in a format and size email clients show.
    private static func logo(_ mapping: YAMLReader.Mapping) -> ThemeConfig.Logo? {
        guard let logo = ThemeConfig.Logo(mapping) else { return nil }
        let lowered = logo.path.lowercased()
        guard [".png", ".jpg", ".jpeg", ".gif"].contains(where: lowered.hasSuffix) else {
            mapping.reader.invalid(
                "`\(logo.path)` is not a PNG, JPEG or GIF: email clients do not show other images",
                at: mapping.location(of: "path"), fix: "Export the logo as PNG.", rule: "invalid-path")
            return nil
        }
        guard logo.width <= 600 else {
            mapping.reader.invalid(
                "`email.logo.width` is \(logo.width); an email is at most 600 pixels wide",
                at: mapping.location(of: "width"), fix: "Give the logo a width of at most 600.")
            return nil
        }
        return logo
    }
}
