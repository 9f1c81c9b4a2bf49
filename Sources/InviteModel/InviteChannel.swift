/// How an invite was shared (seed 001 §7.1, seed 002, seed 003).
public enum InviteChannel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case imessage
    case whatsapp
    case sms
    case instagram
    case email
    case copyLink = "copy_link"
    case airdrop
    case other

    public static func < (lhs: InviteChannel, rhs: InviteChannel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
