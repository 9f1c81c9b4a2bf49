import BeckonDiagnostics

/// A string an import writes into a bundle: its text and the fingerprint of the source it
/// translates.
struct EntryUpdate: Sendable, Hashable {
    var key: MessageKey
    var text: String
    var sourceHash: String
    /// The unit in the imported file, for reporting an edit that cannot be made.
    var location: SourceLocation
}
