/// Why ``EmailMessage/encoded(stamp:)`` refused a message, naming the header field at fault.
public struct EmailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with a field's value.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        private enum Code: Hashable, Sendable {
            case controlCharacter, invalidAddress, invalidFieldName, reservedFieldName, nonASCII
            case invalidMessageID, invalidDomain, lineTooLong
        }
        private let code: Code

        /// A CR, LF, NUL or other control character (or U+2028, U+2029): a header injection attempt.
        public static let controlCharacter = Problem(code: .controlCharacter)
        /// The address is not a plain `local@domain` addr-spec.
        public static let invalidAddress = Problem(code: .invalidAddress)
        /// An extra field's name is not 1–76 printable ASCII characters without a colon.
        public static let invalidFieldName = Problem(code: .invalidFieldName)
        /// An extra field would repeat a field the message writes itself, such as `Subject`.
        public static let reservedFieldName = Problem(code: .reservedFieldName)
        /// An extra field's value is not ASCII.
        public static let nonASCII = Problem(code: .nonASCII)
        /// A live `Message-ID` is not `left@right` in ASCII atoms.
        public static let invalidMessageID = Problem(code: .invalidMessageID)
        /// A deterministic stamp's domain is not an ASCII host name.
        public static let invalidDomain = Problem(code: .invalidDomain)
        /// A word of an extra field is too long to fit a line of 998 octets.
        public static let lineTooLong = Problem(code: .lineTooLong)

        public var description: String {
            switch code {
            case .controlCharacter: "contains a line break or another control character"
            case .invalidAddress: "is not a valid address (local@domain, ASCII, no spaces or angle brackets)"
            case .invalidFieldName: "is not a valid field name"
            case .reservedFieldName: "is a field the message writes itself"
            case .nonASCII: "is not ASCII"
            case .invalidMessageID: "is not a valid message id (left@right, ASCII)"
            case .invalidDomain: "is not a valid ASCII domain"
            case .lineTooLong: "has a word too long for a header line of 998 octets"
            }
        }
    }

    /// The header field whose value is refused, such as `Subject`, `From` or an extra field's name.
    public let field: String
    /// What is wrong with it.
    public let problem: Problem

    public var description: String { "\(field) \(problem)" }
}
