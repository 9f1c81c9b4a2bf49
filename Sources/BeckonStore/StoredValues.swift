import Foundation
import InviteModel

/// Dates as a database keeps them: whole milliseconds since 1970 UTC, rounded as `Timestamp`
/// rounds an invite's dates, so a stored invite reads back equal to the one written.
public enum Milliseconds {
    public static func from(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    public static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension InviteRecord {
    /// The record with every date rounded to the millisecond, as it reads back from a store.
    public var rounded: InviteRecord {
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

    /// What `InviteStore.update` writes for this stored record: the record as `change` leaves
    /// it, rounded as a store keeps it, and the events `change` returns. Throws `ChangeRejection`
    /// when `change` throws (with its error's description, which must name no personal data) or
    /// alters the invite's id, code or sender.
    public func applying(
        _ change: (inout InviteRecord) throws -> [InviteEvent.Name]
    ) throws(ChangeRejection) -> (record: InviteRecord, events: [InviteEvent.Name]) {
        var record = self
        let names: [InviteEvent.Name]
        do {
            names = try change(&record)
        } catch {
            throw ChangeRejection(message: String(describing: error))
        }
        guard record.invite.id == invite.id, record.invite.code == invite.code,
            record.invite.senderID == invite.senderID
        else {
            throw ChangeRejection(message: "an update cannot change an invite's id, code or sender")
        }
        return (record.rounded, names)
    }
}

/// An update's change refused: the store writes nothing and answers `StoreError.rejected`.
public struct ChangeRejection: Error, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

extension InviteEvent {
    /// When the event happened, read from the invite it describes: the timestamp its transition
    /// set (`expiresAt` for an expiry), or `fallback` when that timestamp is missing (a store click,
    /// an install, a failed delivery and the app's events, which change no timestamp of the invite, are dated by `fallback`).
    public static func date(of name: Name, for invite: Invite, fallback: Date) -> Date {
        let recorded: Date? =
            switch name {
            case .created: invite.createdAt
            case .sent: invite.sentAt
            case .resent: invite.resentAt
            case .opened: invite.openedAt
            case .accepted: invite.acceptedAt
            case .cancelled: invite.cancelledAt
            case .expired: invite.expiresAt
            case .storeClicked, .appInstalled, .flowStarted, .shareSheetOpened, .onboardingStarted,
                .onboardingCompleted, .firstValue, .promptShown, .promptDismissed, .deliveryFailed:
                nil
            }
        return recorded ?? fallback
    }
}
