import Foundation

extension EmailMessage {
    /// The message as RFC 5322 / MIME bytes: 7-bit ASCII, every line ending in CRLF and none over 998
    /// octets; header lines stay within 78 characters where the content allows, body lines within 76.
    ///
    /// The same message and stamp always give the same bytes.
    /// - Parameter stamp: Where the `Date` and `Message-ID` come from.
    /// - Throws: ``EmailError`` naming the first field whose value is refused: a control character in
    ///   any value (header injection), an invalid address, extra field or message id.
    public func encoded(stamp: MessageStamp) throws(EmailError) -> Data {
        try validate()
        let hash = contentHash(date: stamp.date)
        let parts = [
            MessagePart(mediaType: "text/plain", body: textBody, lineEnds: lineEnds),
            MessagePart(mediaType: "text/html", body: htmlBody, lineEnds: lineEnds),
        ]
        let boundary = MessagePart.boundary(seed: hash, avoiding: parts)

        var lines = HeaderFolder.fold(name: "From", pieces: HeaderText.mailbox(from, field: "From"))
        lines += HeaderFolder.fold(name: "To", pieces: HeaderText.mailbox(to, field: "To"))
        if let replyTo {
            lines += HeaderFolder.fold(name: "Reply-To", pieces: HeaderText.mailbox(replyTo, field: "Reply-To"))
        }
        lines += HeaderFolder.fold(name: "Subject", pieces: HeaderText.unstructured(subject, field: "Subject"))
        lines.append("Date: " + RFC5322Date.format(stamp.date))
        let id = try messageID(stamp: stamp, hash: hash)
        lines.append("Message-ID: <\(id)>")
        for field in extraHeaders {
            lines += HeaderFolder.fold(name: field.name, pieces: HeaderFolder.pieces(field.value))
        }
        lines.append("MIME-Version: 1.0")
        lines.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        assert(lines.allSatisfy { $0.utf8.count <= HeaderFolder.maximumLength && $0.utf8.allSatisfy { $0 < 0x80 } })
        var output: [UInt8] = []
        output.reserveCapacity(parts.reduce(1024) { $0 + $1.body.count })
        for line in lines {
            output += line.utf8
            output += [0x0D, 0x0A]
        }
        output += [0x0D, 0x0A]
        for part in parts {
            output += "--\(boundary)\r\n".utf8
            part.write(into: &output)
        }
        output += "--\(boundary)--\r\n".utf8
        assert(output.allSatisfy { $0 < 0x80 })
        assert(output.split(separator: 0x0A).allSatisfy { $0.count <= HeaderFolder.maximumLength + 1 })
        return Data(output)
    }

    /// A 64-bit hash (`MessageHash`) over every input of the message, each field length-prefixed.
    private func contentHash(date: Date) -> MessageHash {
        var hash = MessageHash()
        for mailbox in [from, to, replyTo ?? Mailbox(address: "")] {
            hash.combineField(mailbox.address)
            hash.combineField(mailbox.displayName ?? "")
        }
        for text in [subject, textBody, htmlBody, String(date.timeIntervalSince1970)] { hash.combineField(text) }
        for field in extraHeaders {
            hash.combineField(field.name)
            hash.combineField(field.value)
        }
        return hash
    }

    private func messageID(stamp: MessageStamp, hash: MessageHash) throws(EmailError) -> String {
        switch stamp {
        case .deterministic(_, let domain):
            guard AddressSpec.isDomain(domain) else { throw EmailError(field: "Message-ID", problem: .invalidDomain) }
            return "\(hash.hex)@\(domain)"
        case .live(_, let id):
            let halves = id.split(separator: "@", omittingEmptySubsequences: false)
            guard id.utf8.count <= 250, halves.count == 2, halves.allSatisfy(HeaderValue.isDotAtom) else {
                throw EmailError(field: "Message-ID", problem: .invalidMessageID)
            }
            return id
        }
    }
}
