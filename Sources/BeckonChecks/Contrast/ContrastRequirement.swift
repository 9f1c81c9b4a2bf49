/// What a pair of colours must reach under WCAG 2.2.
public struct ContrastRequirement: Sendable, Hashable {
    /// Text size in CSS pixels.
    public var size: Double
    /// CSS font weight.
    public var weight: Int

    public init(size: Double = 16, weight: Int = 400) {
        self.size = size
        self.weight = weight
    }

    /// Large text: at least 18 pt (24 px), or at least 14 pt (18.666… px) when bold (700 or more).
    /// Compared in points, so 14 pt written as 18.666… px counts.
    public var isLargeText: Bool {
        let points = size * 72 / 96
        return points >= 18 - 1e-6 || (points >= 14 - 1e-6 && weight >= 700)
    }

    /// Level AA: 4.5:1, or 3:1 for large text (1.4.3).
    public var minimumAA: Double { isLargeText ? 3 : 4.5 }
    /// Level AAA: 7:1, or 4.5:1 for large text (1.4.6).
    public var minimumAAA: Double { isLargeText ? 4.5 : 7 }
    /// Non-text contrast: 3:1 for user interface components such as a button's fill (1.4.11).
    public static let nonText = 3.0
}
