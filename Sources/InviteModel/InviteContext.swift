/// Why an invite was sent, which decides its copy: a plain invite, after an achievement, while
/// sharing content, or to do something together (seed 001 §3.2, §5.2).
public enum InviteContext: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case generic
    case achievement
    case content
    case collaborative

    public static func < (lhs: InviteContext, rhs: InviteContext) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
