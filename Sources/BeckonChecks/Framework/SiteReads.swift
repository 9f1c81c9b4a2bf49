/// The parts of a site a link or page rule reads besides the artifact it checks.
public struct SiteReads: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Which paths the build wrote (internal link targets).
    public static let paths = SiteReads(rawValue: 1)
    /// The ids of every page (`#fragment` targets).
    public static let anchors = SiteReads(rawValue: 2)
    /// The static assets' bytes (logos and images a page shows).
    public static let assets = SiteReads(rawValue: 4)
    /// Every page's `hreflang` alternates (`CheckedPage.alternatesSignature`).
    public static let alternates = SiteReads(rawValue: 8)
}
