/// An email made of already-rendered parts, to be written as one RFC 5322 / MIME message by
/// ``encoded(stamp:)``.
///
/// The message is `multipart/alternative` with the text part first and the HTML part last, both
/// UTF-8. Bodies are carried exactly: a CRLF is a line break, while a bare CR or LF is kept as an
/// encoded octet rather than turned into one, so hand in text whose lines end in CRLF
/// (``withCRLFLineEnds(_:)`` converts).
public struct EmailMessage: Hashable, Sendable {
    /// The author, written in `From`.
    public var from: Mailbox
    /// The recipient, written in `To`.
    public var to: Mailbox
    /// Where replies go, written in `Reply-To` when set.
    public var replyTo: Mailbox?
    /// The subject, in any script; encoded as RFC 2047 words when it is not plain ASCII.
    public var subject: String
    /// The `text/plain` part.
    public var textBody: String
    /// The `text/html` part.
    public var htmlBody: String
    /// Further fields written as given, in order, before `MIME-Version`, such as
    /// `Auto-Submitted: auto-generated`; their values are printable ASCII.
    public var extraHeaders: [HeaderField]
    /// How the bodies' line breaks are read: as given (only a CRLF breaks a line), or with every
    /// CRLF, LF and lone CR taken for a line break.
    public var lineEnds: LineEnds = .crlf

    /// How a body's line breaks are written in it.
    public enum LineEnds: Hashable, Sendable {
        /// A CRLF is a line break; a bare CR or LF is an octet of the text, kept encoded.
        case crlf
        /// Any of CRLF, LF and CR is a line break (as ``withCRLFLineEnds(_:)`` reads them), without
        /// converting the text first.
        case any
    }

    /// Creates a message.
    /// - Parameters:
    ///   - from: The author.
    ///   - to: The recipient.
    ///   - replyTo: Where replies go, if not to the author.
    ///   - subject: The subject.
    ///   - textBody: The plain-text part.
    ///   - htmlBody: The HTML part.
    ///   - extraHeaders: Further fields, written in order.
    public init(
        from: Mailbox, to: Mailbox, replyTo: Mailbox? = nil, subject: String, textBody: String, htmlBody: String,
        extraHeaders: [HeaderField] = []
    ) {
        self.from = from
        self.to = to
        self.replyTo = replyTo
        self.subject = subject
        self.textBody = textBody
        self.htmlBody = htmlBody
        self.extraHeaders = extraHeaders
    }

    /// The text with every line break (CRLF, LF or CR) written as CRLF, the form MIME text parts use.
    /// - Parameter text: Text with any line ends.
    public static func withCRLFLineEnds(_ text: String) -> String {
        var text = text
        return text.withUTF8 { input in
            String(unsafeUninitializedCapacity: input.count * 2) { output in
                output.baseAddress.map { crlfLineEnds(input, into: $0) } ?? 0
            }
        }
    }

    /// The UTF-8 of text with every line break (CRLF, LF or CR) written as CRLF.
    static func crlfLineEnds(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: input.count * 2) { output, count in
            count = output.baseAddress.map { crlfLineEnds(input, into: $0) } ?? 0
        }
    }

    /// Writes `input` with CRLF line ends to `output`, which has room for twice its bytes; returns
    /// the count written.
    private static func crlfLineEnds(
        _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>
    )
        -> Int
    {
        var count = 0
        var previousWasCR = false
        var index = 0
        while index < input.count {
            // Eight bytes without a line break copied at once.
            if index + 8 <= input.count {
                let word = ByteWords.load(input, at: index)
                if !ByteWords.has(word, 0x0A) && !ByteWords.has(word, 0x0D) {
                    (output + count).update(from: input.baseAddress! + index, count: 8)
                    count += 8
                    index += 8
                    previousWasCR = false
                    continue
                }
            }
            let byte = input[index]
            index += 1
            switch byte {
            case 0x0D, 0x0A:
                if byte == 0x0A && previousWasCR {
                    previousWasCR = false
                    continue
                }
                output[count] = 0x0D
                output[count + 1] = 0x0A
                count += 2
                previousWasCR = byte == 0x0D
            default:
                output[count] = byte
                count += 1
                previousWasCR = false
            }
        }
        return count
    }
}
