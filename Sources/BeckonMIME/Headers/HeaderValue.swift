/// Checks shared by every header value the message writes.
enum HeaderValue {
    /// Whether the text has a character that could end a header line or hide one: a C0 or C1
    /// control character (CR, LF, NUL, tab, …), DEL, or the Unicode line and paragraph separators.
    static func hasControlCharacter(_ text: String) -> Bool {
        // Read in UTF-8: C0 and DEL are single bytes, C1 is `C2 80`–`C2 9F`, and the separators
        // are `E2 80 A8` and `E2 80 A9` (general category Cc is exactly C0, DEL and C1).
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case 0x00...0x1F, 0x7F: return true
            case 0xC2:
                if let next = bytes.next(), (0x80...0x9F).contains(next) { return true }
            case 0xE2:
                if bytes.next() == 0x80, let last = bytes.next(), last == 0xA8 || last == 0xA9 { return true }
            default: continue
            }
        }
        return false
    }

    /// Whether the text is printable ASCII and spaces only.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// RFC 5322 `atext`: ASCII letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    static func isAtext(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#")...UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "?"),
            UInt8(ascii: "^")...UInt8(ascii: "`"),
            UInt8(ascii: "{")...UInt8(ascii: "~"):
            true
        default: isAlphanumeric(byte)
        }
    }

    /// Whether the byte is an ASCII letter or digit.
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    /// Whether the text is an RFC 5322 `dot-atom-text`: atoms of `atext` joined by single dots.
    static func isDotAtom(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0.utf8.allSatisfy(isAtext)
            }
    }
}
