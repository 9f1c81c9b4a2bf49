/// An Instagram username: letters, digits, `_` and `.`, at most 30 characters, not starting or
/// ending with `.` and without `..` (seed 002 Requirement 1.7). Compared without case.
public struct InstagramUsername: Hashable, Sendable, Codable, CustomStringConvertible {
    public let name: String

    /// Accepts a username, with or without a leading `@`.
    public init?(_ text: String) {
        let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
        guard (1...30).contains(name.count), !name.hasPrefix("."), !name.hasSuffix("."), !name.contains(".."),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") })
        else { return nil }
        self.name = name.lowercased()
    }

    public var description: String { name }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let username = InstagramUsername(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a username"))
        }
        self = username
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
