/// A value in the database that does not read as the model's type (an unknown status, a
/// malformed code). It names the column only, never the value, which may be personal data.
struct StoredValueError: Error {
    var column: String
}
