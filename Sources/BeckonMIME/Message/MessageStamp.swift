import Foundation

/// Where a message's `Date` and `Message-ID` come from.
///
/// A build uses ``deterministic(date:domain:)`` so that the same input gives the same bytes; a real
/// send uses ``live(date:messageID:)`` with the clock's time and a random id.
public enum MessageStamp: Hashable, Sendable {
    /// A fixed date chosen by the caller and a `Message-ID` derived from a hash of the message's
    /// content (a 64-bit hash of every header input, both bodies and the date), `<hash@domain>`.
    /// - Parameters:
    ///   - date: The date written in the `Date` field.
    ///   - domain: The ASCII domain after the `@` of the `Message-ID`.
    case deterministic(date: Date, domain: String)
    /// A date and `Message-ID` supplied by the caller.
    /// - Parameters:
    ///   - date: The date written in the `Date` field.
    ///   - messageID: The id as `left@right` in ASCII, without angle brackets.
    case live(date: Date, messageID: String)

    /// The date written in the `Date` field.
    var date: Date {
        switch self {
        case .deterministic(let date, _), .live(let date, _): date
        }
    }
}
