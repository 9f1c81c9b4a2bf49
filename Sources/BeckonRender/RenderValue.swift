import BeckonLocalization

/// What a placeholder stands for, which decides how it is escaped where it lands.
public enum RenderValue: Sendable, Hashable {
    /// Text; `isUserData` marks invite data (names), which is bidi-isolated.
    case text(String, isUserData: Bool)
    /// A URL that is already valid as written (absolute https, or root-relative).
    case url(String)
    /// A locale string, which may hold inline Markdown.
    case message(FormattedMessage)

    /// The value as plain text, markup removed.
    public var plainText: String {
        switch self {
        case .text(let text, _), .url(let text): text
        case .message(let message): MessageRenderer.plainText(message)
        }
    }
}
