/// A value passed into a message's `{argument}`.
public struct ArgumentValue: Sendable, Hashable {
    /// The text to insert.
    public var text: String
    /// Whether the text comes from invite data (a name), which renderers isolate for bidi and
    /// never read as Markdown.
    public var isUserData: Bool

    public init(_ text: String, isUserData: Bool = false) {
        self.text = text
        self.isUserData = isUserData
    }
}
