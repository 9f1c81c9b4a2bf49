/// Why a message could not be signed. The description says what is wrong and how to fix it.
public struct DKIMSignError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the message, or with signing it.
    public enum Problem: Equatable, Sendable {
        /// No empty line ends the header section.
        case noEndOfHeader
        /// The header line with this number (from 1) is neither `Name: value` nor a fold of the
        /// field above it.
        case malformedHeaderLine(Int)
        /// The message has no From field, which a DKIM signature must cover (RFC 6376 §5.4).
        case noFrom
        /// The crypto library failed to sign.
        case signingFailed
    }

    /// What is wrong.
    public let problem: Problem

    /// An error for `problem`.
    public init(_ problem: Problem) {
        self.problem = problem
    }

    /// What is wrong and how to fix it.
    public var description: String {
        switch problem {
        case .noEndOfHeader:
            return "The message to sign has no empty line after its header fields: end the header section "
                + "with an empty line (CRLF CRLF), even when the body is empty."
        case .malformedHeaderLine(let number):
            return "Line \(number) of the message to sign is not a header field: each header line must be "
                + "`Name: value`, or a fold of the field above it starting with a space or tab."
        case .noFrom:
            return "The message to sign has no From field, and DKIM signs From (RFC 6376 §5.4): add the "
                + "sender's From field before signing."
        case .signingFailed:
            return "The crypto library could not sign the message with the DKIM key; if this goes on, make a "
                + "new key with `beckon dkim keygen` and publish its DNS record."
        }
    }
}
