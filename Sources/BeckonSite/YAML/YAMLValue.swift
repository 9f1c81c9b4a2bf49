import BeckonDiagnostics

/// A YAML node with the location it was written at, so every value Beckon reads from a site file
/// can be reported at its own line and column.
public struct YAMLValue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A scalar; `quoted` is true when the author wrote it in quotes (so `"yes"` stays text).
        case scalar(String, quoted: Bool)
        case mapping([Entry])
        case sequence([YAMLValue])
    }

    /// One key/value pair of a mapping, in document order.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: YAMLValue
    }

    public var kind: Kind
    public var location: SourceLocation

    /// The scalar's text, or `nil` for mappings and sequences.
    public var scalar: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// The entries of a mapping, or `nil`.
    public var entries: [Entry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The items of a sequence, or `nil`.
    public var items: [YAMLValue]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// Whether this is a plain `null`, `~` or empty scalar.
    public var isNull: Bool {
        if case .scalar(let text, let quoted) = kind {
            return !quoted && ["", "~", "null", "Null", "NULL"].contains(text)
        }
        return false
    }

    /// A word for the kind of node, for messages: "a mapping", "a list", "text".
    public var kindDescription: String {
        switch kind {
        case .scalar: "a value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}
