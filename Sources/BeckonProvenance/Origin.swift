import BeckonDiagnostics

/// Where a piece of rendered output came from: a line of a template or layout, a locale string,
/// a `beckon.yml` setting, a sample invite or an invite file.
///
/// Findings on rendered bytes are reported at the origin of the bytes they concern, so a broken
/// link written in `locales/de-DE.yml` is reported there, once, and not at the template that
/// printed the string.
public struct Origin: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of source produced the bytes.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A line of a page or email template (`templates/pages/landing.md:12:1`).
        case template
        /// A line of a Mustache layout.
        case layout
        /// A locale string; `key` names it and `locale` is the bundle that supplied it.
        case string
        /// A `beckon.yml` setting; `key` is its dotted path (`theme.light.button`).
        case config
        /// A sample invite in `beckon.yml`; `key` is `SAMPLE.FIELD`.
        case sample
        /// An invite file given to `beckon render --invite`.
        case invite
        /// A card layout under `templates/og/`.
        case cardLayout = "card-layout"
    }

    public var kind: Kind
    public var location: SourceLocation
    /// The string key, setting path or sample field, where the kind has one.
    public var key: String?
    /// For strings: the locale whose bundle supplied the text.
    public var locale: String?

    public init(_ kind: Kind, at location: SourceLocation, key: String? = nil, locale: String? = nil) {
        self.kind = kind
        self.location = location
        self.key = key
        self.locale = locale
    }

    /// `locales/de-DE.yml:12:3 (string landing.headline)`.
    public var description: String {
        guard let key else { return "\(location) (\(kind.rawValue))" }
        return "\(location) (\(kind.rawValue) \(key))"
    }
}
