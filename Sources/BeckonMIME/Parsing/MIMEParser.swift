/// Reads a message that ``EmailMessage/encoded(stamp:)`` wrote, and checks it strictly: CRLF line
/// ends, line lengths, required fields, encoded-words, the multipart structure and every part's
/// transfer encoding, so that a bug in the writer shows up as an error instead of a wrong reading.
///
/// It reads one level of `multipart/*` whose parts are UTF-8 or US-ASCII leaf parts in 7bit,
/// quoted-printable or base64; it is not a general mail parser.
public struct MIMEParser: Sendable {
    private static let addressFields: Set<String> = ["from", "to", "reply-to", "cc", "bcc", "sender"]

    /// Creates a parser.
    public init() {}

    /// Parses a whole message.
    /// - Parameter bytes: The message, such as the contents of an `.eml` file.
    /// - Throws: ``MIMEParseError`` with the first problem and its line.
    public func parse(_ bytes: some Collection<UInt8>) throws(MIMEParseError) -> ParsedMessage {
        let lines = try MessageLines.split(bytes)
        let header = try HeaderSection(lines[...])
        let endLine = header.bodyStart
        func required(_ name: String) throws(MIMEParseError) -> String {
            guard let value = try header.single(name, line: endLine) else {
                throw MIMEParseError(.missingHeader, line: endLine)
            }
            return value
        }
        func mailbox(_ name: String) throws(MIMEParseError) -> Mailbox? {
            guard let value = try header.single(name, line: endLine) else { return nil }
            guard let mailbox = Mailbox(parsing: value) else { throw MIMEParseError(.invalidMailbox, line: endLine) }
            return mailbox
        }
        guard try required("MIME-Version") == "1.0" else { throw MIMEParseError(.invalidMIMEVersion, line: endLine) }
        _ = try required("Date")
        let messageID = try required("Message-ID")
        guard messageID.hasPrefix("<"), messageID.hasSuffix(">"), messageID.count > 2 else {
            throw MIMEParseError(.malformedHeader, line: endLine)
        }
        guard let from = try mailbox("From"), let to = try mailbox("To") else {
            throw MIMEParseError(.missingHeader, line: endLine)
        }
        let replyTo = try mailbox("Reply-To")
        guard let subject = EncodedWord.decodeText(try required("Subject")) else {
            throw MIMEParseError(.invalidEncodedWord, line: endLine)
        }
        var headers: [HeaderField] = []
        for field in header.fields {
            guard !Self.addressFields.contains(field.name.lowercased()) else {
                headers.append(field)
                continue
            }
            guard let decoded = EncodedWord.decodeText(field.value) else {
                throw MIMEParseError(.invalidEncodedWord, line: endLine)
            }
            headers.append(HeaderField(field.name, decoded))
        }
        let boundary = try Self.boundary(try required("Content-Type"), line: endLine)
        let parts = try MultipartBody(lines[header.bodyStart...], boundary: boundary).parts
        return ParsedMessage(
            headers: headers, from: from, to: to, replyTo: replyTo, subject: subject,
            messageID: String(messageID.dropFirst().dropLast()), boundary: boundary, parts: parts)
    }

    /// The boundary of a top-level `multipart/*` Content-Type: 1–70 of RFC 2046's `bchars`, not
    /// ending in a space.
    private static func boundary(_ value: String, line: Int) throws(MIMEParseError) -> String {
        guard let type = ContentType(value), type.mediaType.hasPrefix("multipart/") else {
            throw MIMEParseError(.invalidContentType, line: line)
        }
        let bchars = Set("'()+_,-./:=? ".utf8)
        guard let boundary = type.parameters["boundary"], (1...70).contains(boundary.utf8.count),
            !boundary.hasSuffix(" "),
            boundary.utf8.allSatisfy({ HeaderValue.isAlphanumeric($0) || bchars.contains($0) })
        else { throw MIMEParseError(.invalidBoundary, line: line) }
        return boundary
    }
}
