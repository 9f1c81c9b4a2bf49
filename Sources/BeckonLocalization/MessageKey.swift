/// The dotted key of a locale string, such as `landing.headline`.
public struct MessageKey: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral, Codable
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: MessageKey, rhs: MessageKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
