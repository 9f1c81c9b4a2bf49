/// A value in the database that does not read as the model's type (an unknown status, a
/// malformed code). It names the column only, never the value, which may be personal data.
public struct StoredValueError: Error, Sendable {
    public var column: String

    public init(column: String) {
        self.column = column
    }
}
