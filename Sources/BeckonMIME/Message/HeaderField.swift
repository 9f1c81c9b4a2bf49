/// One header field: a name and its value.
///
/// In an ``EmailMessage`` it is an extra field written as given; in a ``ParsedMessage`` it is a
/// field as read, unfolded, with encoded-words left as written.
public struct HeaderField: Hashable, Sendable, Codable {
    /// The field name, such as `Auto-Submitted`.
    public var name: String
    /// The field value, without the colon and the space after it.
    public var value: String

    /// Creates a header field.
    /// - Parameters:
    ///   - name: The field name: printable ASCII without a colon.
    ///   - value: The value: printable ASCII and spaces.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
