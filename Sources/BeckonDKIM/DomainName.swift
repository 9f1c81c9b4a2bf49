/// The syntax of the names in a DKIM signature's `d=` and `s=` tags: dot-separated labels of
/// letters, digits and hyphens (RFC 6376 §3.5, RFC 5321 §4.1.2).
enum DomainName {
    /// Whether `text` is at least `minimumLabels` valid labels, 253 characters at most.
    static func isValid(_ text: String, minimumLabels: Int) -> Bool {
        let labels = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return text.utf8.count <= 253 && labels.count >= minimumLabels && labels.allSatisfy(isLabel)
    }

    private static func isLabel(_ label: Substring.UTF8View) -> Bool {
        guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
        else { return false }
        return label.allSatisfy { byte in
            byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
        }
    }
}
