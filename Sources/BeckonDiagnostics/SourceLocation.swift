/// A position in a site file: a path relative to the site root, a 1-based line, and a 1-based
/// column counted in characters (not bytes).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    /// Creates a location; line and column are clamped to at least 1.
    public init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = max(1, line)
        self.column = max(1, column)
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
