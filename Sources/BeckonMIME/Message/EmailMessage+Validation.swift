extension EmailMessage {
    private static let reservedFields: Set<String> = [
        "from", "to", "reply-to", "subject", "date", "message-id", "mime-version", "content-type",
        "content-transfer-encoding",
    ]

    /// Checks every header value before anything is written.
    /// - Throws: ``EmailError`` for the first field refused: the mailboxes, the subject, then the extra fields.
    func validate() throws(EmailError) {
        let mailboxes = [("From", from), ("To", to)] + (replyTo.map { [("Reply-To", $0)] } ?? [])
        for (field, mailbox) in mailboxes {
            if HeaderValue.hasControlCharacter(mailbox.address)
                || HeaderValue.hasControlCharacter(mailbox.displayName ?? "")
            {
                throw EmailError(field: field, problem: .controlCharacter)
            }
            guard AddressSpec.isValid(mailbox.address) else { throw EmailError(field: field, problem: .invalidAddress) }
        }
        if HeaderValue.hasControlCharacter(subject) { throw EmailError(field: "Subject", problem: .controlCharacter) }
        for field in extraHeaders {
            let name = field.name
            guard (1...76).contains(name.utf8.count), name.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != 0x3A })
            else { throw EmailError(field: name, problem: .invalidFieldName) }
            guard !Self.reservedFields.contains(name.lowercased()) else {
                throw EmailError(field: name, problem: .reservedFieldName)
            }
            if HeaderValue.hasControlCharacter(field.value) {
                throw EmailError(field: name, problem: .controlCharacter)
            }
            guard field.value.utf8.allSatisfy({ $0 < 0x80 }) else { throw EmailError(field: name, problem: .nonASCII) }
            let folded = HeaderFolder.fold(name: name, pieces: HeaderFolder.pieces(field.value))
            guard folded.allSatisfy({ $0.utf8.count <= HeaderFolder.maximumLength }) else {
                throw EmailError(field: name, problem: .lineTooLong)
            }
        }
    }
}
