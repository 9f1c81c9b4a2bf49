import BeckonSite

/// A message with its arguments resolved, ready for a renderer to place in HTML or text.
///
/// Translator text and argument values stay apart, so a renderer can read the translator's inline
/// Markdown while escaping (and bidi-isolating) the values.
public struct FormattedMessage: Sendable, Hashable {
    /// A piece of the formatted message.
    public enum Segment: Sendable, Hashable {
        /// Translator text, which may hold inline Markdown.
        case markup(String)
        /// An argument's value.
        case value(ArgumentValue)
    }

    public var key: MessageKey
    public var segments: [Segment]
    /// The locale whose bundle supplied the text (differs from the requested one on fallback).
    public var suppliedBy: LocaleID

    public init(key: MessageKey, segments: [Segment], suppliedBy: LocaleID) {
        self.key = key
        self.segments = segments
        self.suppliedBy = suppliedBy
    }

    /// The message as plain text, with markup characters left as written.
    public var rawText: String {
        segments.map { segment in
            switch segment {
            case .markup(let text): text
            case .value(let value): value.text
            }
        }.joined()
    }
}
