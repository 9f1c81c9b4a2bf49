/// Why a relay URL (`beckon serve --smtp URL`) was refused: what is wrong with it and what to write
/// instead. The text never repeats a user name or password the URL held.
public struct SMTPRelayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The explanation, one sentence or two, fit to show to whoever wrote the URL.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
