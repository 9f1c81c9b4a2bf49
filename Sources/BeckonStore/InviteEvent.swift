import Foundation
import InviteModel

/// Something that happened to an invite, for an existing event pipeline to pull in order
/// (seed 000 D2), with what groups it in a funnel: the invite's context, channel, arm and
/// language, and a device's platform. Events carry opaque ids only: no name, address, phone number
/// or message.
public struct InviteEvent: Sendable, Hashable, Codable {
    /// The names seed 001 §7.1 and seed 003 use.
    public enum Name: String, Sendable, Hashable, Codable, CaseIterable {
        case created = "invite_created"
        case sent = "invite_sent"
        case resent = "invite_resent"
        case opened = "invite_link_opened"
        case accepted = "invite_accepted"
        case cancelled = "invite_cancelled"
        case expired = "invite_expired"
        /// A visitor tapped the store button of an invite's page (the server's hand-off).
        case storeClicked = "invite_store_clicked"
        /// The app's first launch claimed the invite (`POST /v1/installs`).
        case appInstalled = "invite_app_installed"
    }

    /// Increases with every event the store records; the cursor of `GET /v1/events?after=`.
    public var sequence: Int64
    public var name: Name
    public var inviteID: UUID
    public var code: InviteCode
    public var senderID: String
    public var context: InviteContext
    public var channel: InviteChannel
    public var at: Date
    /// The device's platform, for a store click and an install (`ios`, `android`, `desktop`).
    public var platform: ClientPlatform?
    /// How an install found its invite.
    public var method: InstallMethod?
    /// The invite's A/B arm, when it has one.
    public var variant: String?
    /// The invite's language, when it was created with one.
    public var locale: String?

    public init(
        sequence: Int64, name: Name, inviteID: UUID, code: InviteCode, senderID: String, context: InviteContext,
        channel: InviteChannel, at: Date, platform: ClientPlatform? = nil, method: InstallMethod? = nil,
        variant: String? = nil, locale: String? = nil
    ) {
        self.sequence = sequence
        self.name = name
        self.inviteID = inviteID
        self.code = code
        self.senderID = senderID
        self.context = context
        self.channel = channel
        self.at = at
        self.platform = platform
        self.method = method
        self.variant = variant
        self.locale = locale
    }
}
