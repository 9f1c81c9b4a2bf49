/// A parsed locale string: literal text (which may hold inline Markdown) and `{argument}`s.
///
/// The syntax is ICU MessageFormat's: `{name}` inserts an argument, `'{'` writes a literal brace,
/// and `''` writes an apostrophe.
public struct Message: Sendable, Hashable {
    /// One piece of a message.
    public enum Part: Sendable, Hashable {
        /// Text written by the translator; may hold inline Markdown.
        case literal(String)
        /// A `{name}` argument.
        case argument(String)
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The names of the arguments the message uses, in order of first use.
    public var argumentNames: [String] {
        var seen = Set<String>()
        return parts.compactMap { part in
            if case .argument(let name) = part, seen.insert(name).inserted { return name }
            return nil
        }
    }
}
