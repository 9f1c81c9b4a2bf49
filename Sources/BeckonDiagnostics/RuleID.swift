/// The stable identifier of a rule, such as `config.unknown-key` or `words.max`.
///
/// Rule ids are part of Beckon's interface: users override severities by id in `beckon.yml`, and
/// reports in every format carry them.
public struct RuleID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The part before the first dot: `config` for `config.unknown-key`.
    public var family: Substring { rawValue.prefix { $0 != "." } }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
