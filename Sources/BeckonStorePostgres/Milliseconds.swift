import BeckonStore
import Foundation
import InviteModel

/// Dates as the database keeps them: whole milliseconds since 1970 UTC (`BIGINT`), rounded as
/// `Timestamp` rounds an invite's dates, so a stored invite reads back equal to the one written.
enum Milliseconds {
    static func from(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension InviteRecord {
    /// The record with every date rounded to the millisecond, as it reads back from the database.
    var rounded: InviteRecord {
        var copy = self
        copy.invite.createdAt = Timestamp.rounded(invite.createdAt)
        copy.invite.sentAt = invite.sentAt.map(Timestamp.rounded)
        copy.invite.resentAt = invite.resentAt.map(Timestamp.rounded)
        copy.invite.openedAt = invite.openedAt.map(Timestamp.rounded)
        copy.invite.acceptedAt = invite.acceptedAt.map(Timestamp.rounded)
        copy.invite.cancelledAt = invite.cancelledAt.map(Timestamp.rounded)
        copy.invite.expiresAt = Timestamp.rounded(invite.expiresAt)
        return copy
    }
}
