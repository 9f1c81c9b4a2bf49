extension Mailbox {
    /// Reads an unfolded mailbox field value: `address`, `<address>`, `atoms <address>`,
    /// `"quoted string" <address>` or `encoded-words <address>`; `nil` when it is none of these,
    /// an encoded-word does not decode, or the address is not valid.
    init?(parsing value: String) {
        let name: String?
        let rest: Substring
        if value.hasPrefix("\"") {
            guard let (quoted, after) = Self.quotedString(value.dropFirst()) else { return nil }
            name = quoted
            rest = after.drop { $0 == " " || $0 == "\t" }
        } else if let open = value.firstIndex(of: "<") {
            let phrase = value[..<open].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard phrase.allSatisfy({ EncodedWord.looksEncoded($0) || $0.utf8.allSatisfy(HeaderValue.isAtext) }),
                let decoded = EncodedWord.decodeText(phrase.joined(separator: " "))
            else { return nil }
            name = decoded.isEmpty ? nil : decoded
            rest = value[open...]
        } else {
            guard AddressSpec.isValid(value) else { return nil }
            self.init(address: value)
            return
        }
        guard rest.hasPrefix("<"), rest.hasSuffix(">"), rest.count >= 2 else { return nil }
        let address = String(rest.dropFirst().dropLast())
        guard AddressSpec.isValid(address) else { return nil }
        self.init(address: address, displayName: name)
    }

    /// The content of a quoted-string whose opening quote is already read, unescaped, and the text
    /// after its closing quote.
    private static func quotedString(_ text: Substring) -> (String, Substring)? {
        var content = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { return (content, text[text.index(after: index)...]) }
            if character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { return nil }
            }
            content.append(text[index])
            index = text.index(after: index)
        }
        return nil
    }
}
