/// What an invite link shows at a given moment.
public enum LinkResolution: String, Sendable, Hashable, CaseIterable {
    /// The invite landing page.
    case landing
    /// The expired page ("This invite has expired", seed 001 §8).
    case expired
    /// 410 Gone: the invite was cancelled (seed 003 #53).
    case gone
    /// The invite was accepted already; the link opens the app or the landing page.
    case alreadyAccepted

    /// The HTTP status a server answers the link with.
    public var httpStatus: Int { self == .gone ? 410 : 200 }
}
