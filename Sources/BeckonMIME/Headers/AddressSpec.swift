/// The practical subset of RFC 5322's addr-spec that invitation mail is sent to.
///
/// The local part is a dot-atom of ASCII `atext` of at most 64 characters (no quoted local parts,
/// comments or spaces); the domain is two or more labels of ASCII letters, digits and hyphens, each
/// 1–63 characters and not starting or ending with a hyphen, at most 253 in all, with a last label
/// that is not all digits. Internationalised domains are given in Punycode (`xn--…` labels).
enum AddressSpec {
    /// Whether the text is an address in the accepted subset. Read as bytes: the subset is ASCII,
    /// where bytes and characters split alike.
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let halves = bytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard halves.count == 2, halves[0].count <= 64, isDotAtom(halves[0]) else { return false }
        return isDomain(bytes: halves[1])
    }

    /// Whether the text is an ASCII host name in the accepted subset.
    static func isDomain(_ text: some StringProtocol) -> Bool {
        isDomain(bytes: Array(text.utf8)[...])
    }

    private static func isDomain(bytes: ArraySlice<UInt8>) -> Bool {
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, bytes.count <= 253, let last = labels.last,
            !last.allSatisfy({ (0x30...0x39).contains($0) })
        else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { $0 == UInt8(ascii: "-") || HeaderValue.isAlphanumeric($0) }
        }
    }

    /// `HeaderValue.isDotAtom` for bytes: dot-separated non-empty runs of `atext`.
    private static func isDotAtom(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty
            && bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0.allSatisfy(HeaderValue.isAtext)
            }
    }
}
