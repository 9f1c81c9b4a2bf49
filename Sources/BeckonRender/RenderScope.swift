import BeckonLocalization
import BeckonProvenance
import BeckonSite

/// Everything a placeholder can name in one render: fixed values (`app.name`, `invite.url`) and
/// the locale strings under `t.`, formatted with the render's arguments. Each value is read with
/// where it was written (`resolve`, `origin(of:)`): the two are kept together, never side by side.
public struct RenderScope: Sendable {
    /// One fixed value and where it was written: a setting's or a sample field's line, or none
    /// (a value the site does not write, such as `locale.dir`).
    public struct Value: Sendable {
        public var value: RenderValue
        public var origin: Origin?

        public init(_ value: RenderValue, from origin: Origin? = nil) {
            self.value = value
            self.origin = origin
        }
    }

    /// Values by placeholder path, such as `inviter.firstName`.
    public var values: [String: Value]
    public var catalog: Catalog
    public var locale: LocaleID
    /// The arguments messages are formatted with.
    public var arguments: [String: ArgumentValue]
    /// URL schemes the site declares for deep links, allowed in links.
    public var appSchemes: Set<String>
    /// How user data in HTML text is isolated: `<bdi>` on pages, characters in emails.
    public var isolation: ValueIsolation = .element

    public init(
        values: [String: Value], catalog: Catalog, locale: LocaleID, arguments: [String: ArgumentValue],
        appSchemes: Set<String>
    ) {
        self.values = values
        self.catalog = catalog
        self.locale = locale
        self.arguments = arguments
        self.appSchemes = appSchemes
    }

    /// The prefix of placeholders that name locale strings.
    public static let messagePrefix = "t."

    /// What a placeholder path stands for, or `nil` when it names nothing.
    public func resolve(_ path: String) -> RenderValue? {
        if path.hasPrefix(Self.messagePrefix) {
            let key = MessageKey(String(path.dropFirst(Self.messagePrefix.count)))
            return catalog.format(key, in: locale, arguments: arguments).map(RenderValue.message)
        }
        return values[path]?.value
    }

    /// Where the value a placeholder path stands for was written: a locale string's line for
    /// `t.KEY`, a setting or sample field for the fixed values.
    public func origin(of path: String) -> Origin? {
        if path.hasPrefix(Self.messagePrefix) {
            let key = MessageKey(String(path.dropFirst(Self.messagePrefix.count)))
            return RenderOrigins.string(key, in: locale, catalog: catalog)
        }
        return values[path]?.origin
    }

    /// A message formatted for this render, or `nil` when no locale has the key.
    public func message(_ key: MessageKey) -> FormattedMessage? {
        catalog.format(key, in: locale, arguments: arguments)
    }
}
