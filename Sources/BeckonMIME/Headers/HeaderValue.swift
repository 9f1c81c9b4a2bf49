/// Checks shared by every header value the message writes.
enum HeaderValue {
    /// Whether the text has a character that could end a header line or hide one: a C0 or C1
    /// control character (CR, LF, NUL, tab, …), DEL, or the Unicode line and paragraph separators.
    static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
    }

    /// Whether the text is printable ASCII and spaces only.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// RFC 5322 `atext`: ASCII letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    static func isAtext(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || Array("!#$%&'*+-/=?^_`{|}~".utf8).contains(byte)
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
