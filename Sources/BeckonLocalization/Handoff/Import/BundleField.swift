/// A metadata key an import writes next to a string's `message`, such as `sourceHash` or
/// `review`.
struct BundleField: Sendable, Hashable {
    var name: String
    /// The value as text; `nil` removes the key.
    var value: String?
}
