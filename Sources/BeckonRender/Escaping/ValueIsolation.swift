/// How user data (names, titles) placed inside translated HTML text is isolated from the
/// sentence's direction.
public enum ValueIsolation: Sendable, Hashable {
    /// Each value in a `<bdi>` element: pages.
    case element
    /// Each value that needs it in FSI…PDI characters (see `Bidi.needsIsolation`), adding no tag.
    /// Emails use this: spam filters read a tag between two letters with no space between them as
    /// a word split to hide it (SpamAssassin's `HTML_OBFUSCATE_*`), and Chinese and Japanese
    /// sentences have no spaces around names.
    case characters(rightToLeft: Bool)

    /// A value, already escaped for HTML text, isolated this way.
    public func isolate(_ escaped: String, value: String) -> String {
        switch self {
        case .element: "<bdi>\(escaped)</bdi>"
        case .characters(let rightToLeft):
            Bidi.needsIsolation(value, inRightToLeft: rightToLeft) ? Bidi.isolated(escaped) : escaped
        }
    }
}
