/// A short, URL-safe invite code from an alphabet without look-alike characters.
///
/// Codes use the 31 symbols `23456789ABCDEFGHJKMNPQRSTUVWXYZ` (no `0`/`O`, `1`/`I`/`L`); fifteen of
/// them carry 74 bits, above the 72 an unguessable code needs.
public struct InviteCode: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    /// The symbols codes are written in.
    public static let alphabet: [Character] = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    /// The number of symbols in a generated code.
    public static let length = 15
    /// The lengths a code may have when read from a link (older or sample codes may be shorter).
    public static let acceptedLengths = 6...32

    public let rawValue: String

    /// Accepts a code written in the alphabet, in upper case, with an accepted length.
    public init?(_ text: String) {
        // Every symbol is one ASCII byte: the code is its UTF-8 bytes, each looked up by value.
        guard Self.acceptedLengths.contains(text.utf8.count), text.utf8.allSatisfy({ Self.isSymbol[Int($0)] }) else {
            return nil
        }
        self.rawValue = text
    }

    /// Whether each of the 256 byte values is one of `alphabet`'s symbols.
    private static let isSymbol: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for symbol in alphabet { table[Int(symbol.asciiValue!)] = true }
        return table
    }()

    public var description: String { rawValue }
    public static func < (lhs: InviteCode, rhs: InviteCode) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let code = InviteCode(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "`\(text)` is not an invite code"))
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
