/// What a template renders. Each page kind is rendered once per locale (and, where it shows the
/// inviter, once per sample invite).
public enum TemplateKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The page a shared invite link opens.
    case landing
    /// What an invite past its expiry shows.
    case expired
    /// What a cancelled invite shows, served with HTTP 410.
    case gone
    /// The page Android visitors see while the app is iOS-only.
    case android
    /// What an invite link shows someone who already has the app or already accepted (seed 000 E7:
    /// "welcome back", not onboarding).
    case accepted

    /// The pages a site has when `pages` does not say: every kind but `accepted`.
    public static let standard: [TemplateKind] = [.landing, .expired, .gone, .android]

    /// Whether the page shows who sent the invite, so it is also rendered per sample invite.
    public var isPersonal: Bool { self == .landing || self == .expired || self == .accepted }

    public static func < (lhs: TemplateKind, rhs: TemplateKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
