/// How a subject and a display name are written: as they are when they are plain printable ASCII,
/// otherwise as RFC 2047 encoded-words.
enum HeaderText {
    /// The pieces of an unstructured value such as `Subject` (see ``HeaderFolder``).
    ///
    /// The text is written as it is when it is printable ASCII, neither starts nor ends with a
    /// space, has no `=?` that a reader could take for an encoded-word, and has no word too long
    /// for a folded line; otherwise it is written whole as encoded-words.
    static func unstructured(_ text: String, field: String) -> [String] {
        let longestWord = preferredWordLength(field)
        let pieces = HeaderFolder.pieces(text)
        let isPlain =
            HeaderValue.isPrintableASCII(text) && !text.hasPrefix(" ") && !text.hasSuffix(" ")
            && !containsEncodedWordStart(text) && pieces.allSatisfy { $0.utf8.count <= longestWord }
        return isPlain ? pieces : EncodedWord.encode(text, firstLength: longestWord)
    }

    /// The pieces of a mailbox: the display name (atoms, a quoted-string or encoded-words) and
    /// `<address>`, or the bare address when there is no name.
    static func mailbox(_ mailbox: Mailbox, field: String) -> [String] {
        guard let name = mailbox.displayName, !name.isEmpty else { return [mailbox.address] }
        return phrase(name, field: field) + ["<\(mailbox.address)>"]
    }

    /// A display name as atoms when it is words of `atext` joined by single spaces, as a quoted
    /// string when it is other printable ASCII, and as encoded-words otherwise.
    private static func phrase(_ name: String, field: String) -> [String] {
        let longestWord = preferredWordLength(field)
        if HeaderValue.isPrintableASCII(name) {
            let atoms = HeaderFolder.pieces(name)
            let isAtoms =
                !containsEncodedWordStart(name)
                && atoms.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(HeaderValue.isAtext) }
            let pieces = isAtoms ? atoms : HeaderFolder.pieces(quotedString(name))
            if pieces.allSatisfy({ $0.utf8.count <= longestWord }) { return pieces }
        }
        return EncodedWord.encode(name, firstLength: longestWord)
    }

    /// Whether the text holds `=?`, which a reader could take for the start of an encoded-word.
    private static func containsEncodedWordStart(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "=") && byte == UInt8(ascii: "?") { return true }
            previous = byte
        }
        return false
    }

    /// The text as an RFC 5322 quoted-string: in double quotes, with `"` and `\` escaped.
    private static func quotedString(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// The longest piece that still fits on the field's first line within 78 characters.
    private static func preferredWordLength(_ field: String) -> Int {
        HeaderFolder.preferredLength - field.utf8.count - 2
    }
}
