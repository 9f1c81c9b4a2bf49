/// A phone number in E.164: `+`, a country code not starting with 0, at most 15 digits in all.
public struct PhoneNumber: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `+4915123456789`.
    public let e164: String

    /// Accepts E.164 exactly as written.
    public init?(e164 text: String) {
        let digits = text.dropFirst()
        guard text.hasPrefix("+"), (2...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            digits.first != "0"
        else { return nil }
        self.e164 = text
    }

    /// Accepts the ways people write international numbers — spaces, dashes, dots, parentheses, and
    /// `00` for `+` — and normalises them to E.164.
    public init?(parsing text: String) {
        var compact = text.filter { !" -.()\u{00A0}".contains($0) }
        if compact.hasPrefix("00") { compact = "+" + compact.dropFirst(2) }
        self.init(e164: compact)
    }

    /// The digits without `+`, as wa.me URLs want them.
    public var digits: String { String(e164.dropFirst()) }
    public var description: String { e164 }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let number = PhoneNumber(e164: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not E.164"))
        }
        self = number
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(e164)
    }
}
