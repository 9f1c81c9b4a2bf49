/// The name of a memoized step of the build, such as `render.page`.
public struct StepName: RawRepresentable, Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }

    public static func < (lhs: StepName, rhs: StepName) -> Bool { lhs.rawValue < rhs.rawValue }
}
