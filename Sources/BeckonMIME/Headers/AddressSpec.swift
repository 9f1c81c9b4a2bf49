/// The practical subset of RFC 5322's addr-spec that invitation mail is sent to.
///
/// The local part is a dot-atom of ASCII `atext` of at most 64 characters (no quoted local parts,
/// comments or spaces); the domain is two or more labels of ASCII letters, digits and hyphens, each
/// 1–63 characters and not starting or ending with a hyphen, at most 253 in all, with a last label
/// that is not all digits. Internationalised domains are given in Punycode (`xn--…` labels).
enum AddressSpec {
    /// Whether the text is an address in the accepted subset.
    static func isValid(_ text: String) -> Bool {
        let halves = text.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2, halves[0].utf8.count <= 64, HeaderValue.isDotAtom(halves[0]) else { return false }
        return isDomain(halves[1])
    }

    /// Whether the text is an ASCII host name in the accepted subset.
    static func isDomain(_ text: some StringProtocol) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, text.utf8.count <= 253, let last = labels.last,
            !last.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.utf8.allSatisfy { $0 == UInt8(ascii: "-") || HeaderValue.isAlphanumeric($0) }
        }
    }
}
