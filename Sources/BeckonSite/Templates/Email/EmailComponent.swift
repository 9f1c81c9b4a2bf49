import BeckonDiagnostics

/// A building block written on a line of its own in an email template, in the same braces as
/// placeholders: `{{button t.email.accept invite.url}}`, `{{divider}}`, `{{smallprint t.email.why}}`.
public struct EmailComponent: Sendable, Hashable {
    /// What the component draws.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A bulletproof button: a label (a locale string) and a URL (a placeholder).
        case button
        /// A thin rule between sections.
        case divider
        /// A paragraph of small, muted text: a locale string.
        case smallprint

        /// How many placeholder paths the component takes.
        public var argumentCount: Int {
            switch self {
            case .button: 2
            case .divider: 0
            case .smallprint: 1
            }
        }

        /// How the component is written, for messages.
        public var usage: String {
            switch self {
            case .button: "{{button t.KEY invite.url}}"
            case .divider: "{{divider}}"
            case .smallprint: "{{smallprint t.KEY}}"
            }
        }
    }

    public var kind: Kind
    /// The placeholder paths it was given, in order.
    public var arguments: [Placeholder]
    public var location: SourceLocation

    /// The character that marks a component's place in the Markdown body. It is private use, so
    /// it never occurs in copy, and CommonMark keeps it as paragraph text.
    public static let marker: Character = "\u{E002}"

    /// The Markdown paragraph that stands for component number `index`.
    public static func markerParagraph(_ index: Int) -> String { "\(marker)\(index)\(marker)" }

    /// The component number a paragraph's text stands for, if it is a marker paragraph.
    public static func index(inMarker text: String) -> Int? {
        guard text.count >= 3, text.first == marker, text.last == marker else { return nil }
        return Int(text.dropFirst().dropLast())
    }
}
