/// Why ``MIMEParser`` rejected a message, with the line where it noticed.
public struct MIMEParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        public let description: String

        /// A LF without a CR before it.
        public static let bareLineFeed = Reason(description: "a line feed without a carriage return")
        /// A CR without a LF after it.
        public static let bareCarriageReturn = Reason(description: "a carriage return without a line feed")
        /// The last line does not end in CRLF.
        public static let missingFinalLineBreak = Reason(description: "the message does not end with CRLF")
        /// A line is longer than 998 octets.
        public static let lineTooLong = Reason(description: "a line is longer than 998 octets")
        /// An octet that is not 7-bit ASCII, or a NUL.
        public static let invalidCharacter = Reason(description: "a NUL or 8-bit octet")
        /// A header line has no valid field name and colon, or a continuation line starts the header.
        public static let malformedHeader = Reason(description: "a malformed header line")
        /// The header section has no blank line after it.
        public static let unterminatedHeader = Reason(description: "the header section does not end in a blank line")
        /// A required field is missing.
        public static let missingHeader = Reason(description: "a required header field is missing")
        /// A field that may appear once appears more often.
        public static let duplicateHeader = Reason(description: "a header field appears more than once")
        /// `MIME-Version` is not `1.0`.
        public static let invalidMIMEVersion = Reason(description: "MIME-Version is not 1.0")
        /// A mailbox field is not `address`, `<address>` or `name <address>` with a valid address.
        public static let invalidMailbox = Reason(description: "a malformed mailbox")
        /// A token shaped like an RFC 2047 encoded-word does not decode, or is longer than 75.
        public static let invalidEncodedWord = Reason(description: "a malformed encoded-word")
        /// A `Content-Type` is malformed or not one the parser reads (multipart at the top, leaf parts).
        public static let invalidContentType = Reason(description: "a malformed or unsupported Content-Type")
        /// The multipart boundary is missing or not 1–70 valid characters.
        public static let invalidBoundary = Reason(description: "a missing or invalid boundary")
        /// No delimiter line opens the first part.
        public static let missingDelimiter = Reason(description: "no boundary delimiter opens a part")
        /// No close-delimiter line ends the parts.
        public static let missingCloseDelimiter = Reason(description: "no close delimiter ends the parts")
        /// A line inside the parts starts with the delimiter but is not one.
        public static let strayBoundary = Reason(description: "the boundary occurs inside a part")
        /// A `Content-Transfer-Encoding` other than 7bit, quoted-printable or base64.
        public static let unknownTransferEncoding = Reason(description: "an unknown Content-Transfer-Encoding")
        /// A charset other than UTF-8 or US-ASCII.
        public static let unsupportedCharset = Reason(description: "a charset other than UTF-8")
        /// A quoted-printable body breaks RFC 2045 §6.7 (long line, bad escape, trailing space).
        public static let invalidQuotedPrintable = Reason(description: "invalid quoted-printable")
        /// A base64 body is malformed or has a line longer than 76.
        public static let invalidBase64 = Reason(description: "invalid base64")
        /// A decoded body is not valid UTF-8.
        public static let invalidUTF8 = Reason(description: "a body is not valid UTF-8")
    }

    /// What is wrong.
    public let reason: Reason
    /// The 1-based line where the problem was noticed.
    public let line: Int

    init(_ reason: Reason, line: Int) {
        self.reason = reason
        self.line = line
    }

    public var description: String { "line \(line): \(reason)" }
}
