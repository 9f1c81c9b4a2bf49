import BeckonURL

/// An email address, in a documented practical subset of RFC 5322's addr-spec:
///
/// - local part: a dot-atom of ASCII `atext` (letters, digits and ``!#$%&'*+/=?^_`{|}~-``), no
///   leading, trailing or doubled dots, at most 64 characters; quoted local parts and comments are
///   not accepted;
/// - domain: two or more labels of letters, digits and hyphens (Unicode letters allowed, written as
///   Punycode `xn--` labels), not starting or ending with a hyphen, each at most 63 characters, at
///   most 253 in all; the last label is not all digits. IP-literal domains are not accepted.
public struct EmailAddress: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The local part as written.
    public let localPart: String
    /// The domain in ASCII, lower-cased (`xn--mnchen-3ya.de` for `münchen.de`).
    public let domain: String

    public init?(_ text: String) {
        guard let at = text.lastIndex(of: "@") else { return nil }
        let local = String(text[..<at])
        let domainText = String(text[text.index(after: at)...])
        guard Self.isDotAtom(local), let domain = Self.asciiDomain(domainText) else { return nil }
        self.localPart = local
        self.domain = domain
    }

    /// `local@domain`, with the domain in ASCII.
    public var address: String { "\(localPart)@\(domain)" }
    public var description: String { address }

    /// The form used to find duplicates: the whole address lower-cased.
    public var normalized: String { address.lowercased() }

    /// ``!#$%&'*+/=?^_`{|}~-``: the symbols `atext` allows besides letters and digits.
    private static let atextSymbols = Set("!#$%&'*+/=?^_`{|}~-".utf8)

    /// Whether a byte is an ASCII letter or digit.
    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// A dot-atom is ASCII, so it is read a byte at a time: any other byte is not `atext`.
    static func isDotAtom(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 64 else { return false }
        var previous = UInt8(ascii: ".")
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                // No leading or doubled dot.
                guard previous != UInt8(ascii: ".") else { return false }
            } else if !isLetterOrDigit(byte), !atextSymbols.contains(byte) {
                return false
            }
            previous = byte
        }
        // No trailing dot.
        return previous != UInt8(ascii: ".")
    }

    static func asciiDomain(_ text: String) -> String? {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard labels.count >= 2 else { return nil }
        var ascii: [String] = []
        for label in labels {
            guard !label.isEmpty, !label.hasPrefix("-"), !label.hasSuffix("-") else { return nil }
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                // An ASCII label is read a byte at a time.
                guard label.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }) else { return nil }
                ascii.append(label.lowercased())
            } else {
                guard label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }),
                    let encoded = Punycode.encode(label.lowercased())
                else { return nil }
                ascii.append("xn--" + encoded)
            }
        }
        guard ascii.allSatisfy({ $0.utf8.count <= 63 }), let last = ascii.last,
            !last.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
        else {
            return nil
        }
        let domain = ascii.joined(separator: ".")
        return domain.utf8.count <= 253 ? domain : nil
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let address = EmailAddress(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an email address"))
        }
        self = address
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(address)
    }
}
