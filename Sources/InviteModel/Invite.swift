import Foundation

/// An invite: who sent it, how, what it is about, and where it is in its life (seed 001 §7.1,
/// seed 003). Links and tokens carry only its opaque ids, never personal data.
public struct Invite: Sendable, Hashable, Codable {
    /// The version of the JSON shape this type writes; see `InviteJSON` for migrations.
    public static let schemaVersion = 2

    public var id: UUID
    /// The sender's opaque user id.
    public var senderID: String
    public var code: InviteCode
    public var context: InviteContext
    /// The achievement, content or feature the invite is about.
    public var contextID: String?
    public var channel: InviteChannel
    public var status: InviteStatus
    /// The invitee's opaque user id, once accepted.
    public var inviteeID: String?
    public var createdAt: Date
    public var sentAt: Date?
    /// The last resend (seed 003 #10).
    public var resentAt: Date?
    public var openedAt: Date?
    public var acceptedAt: Date?
    public var cancelledAt: Date?
    public var expiresAt: Date

    /// A new invite in the `created` state; without an `id`, a time-ordered one for `createdAt`
    /// (`UUID.timeOrdered(at:)`).
    public init(
        id: UUID? = nil, senderID: String, code: InviteCode, context: InviteContext = .generic,
        contextID: String? = nil, channel: InviteChannel = .other, createdAt: Date, expiry: ExpiryPolicy = .friend
    ) {
        self.id = id ?? .timeOrdered(at: createdAt)
        self.senderID = senderID
        self.code = code
        self.context = context
        self.contextID = contextID
        self.channel = channel
        self.status = .created
        self.createdAt = Timestamp.rounded(createdAt)
        self.expiresAt = Timestamp.rounded(expiry.expiry(from: createdAt))
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, id, senderID, code, context, contextID, channel, status, inviteeID
        case createdAt, sentAt, resentAt, openedAt, acceptedAt, cancelledAt, expiresAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(id, forKey: .id)
        try container.encode(senderID, forKey: .senderID)
        try container.encode(code, forKey: .code)
        try container.encode(context, forKey: .context)
        try container.encodeIfPresent(contextID, forKey: .contextID)
        try container.encode(channel, forKey: .channel)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(inviteeID, forKey: .inviteeID)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(sentAt, forKey: .sentAt)
        try container.encodeIfPresent(resentAt, forKey: .resentAt)
        try container.encodeIfPresent(openedAt, forKey: .openedAt)
        try container.encodeIfPresent(acceptedAt, forKey: .acceptedAt)
        try container.encodeIfPresent(cancelledAt, forKey: .cancelledAt)
        try container.encode(expiresAt, forKey: .expiresAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        guard version == Self.schemaVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion, in: container,
                debugDescription: "schema version \(version) must be migrated with InviteJSON.decode")
        }
        id = try container.decode(UUID.self, forKey: .id)
        senderID = try container.decode(String.self, forKey: .senderID)
        code = try container.decode(InviteCode.self, forKey: .code)
        context = try container.decode(InviteContext.self, forKey: .context)
        contextID = try container.decodeIfPresent(String.self, forKey: .contextID)
        channel = try container.decode(InviteChannel.self, forKey: .channel)
        status = try container.decode(InviteStatus.self, forKey: .status)
        inviteeID = try container.decodeIfPresent(String.self, forKey: .inviteeID)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        sentAt = try container.decodeIfPresent(Date.self, forKey: .sentAt)
        resentAt = try container.decodeIfPresent(Date.self, forKey: .resentAt)
        openedAt = try container.decodeIfPresent(Date.self, forKey: .openedAt)
        acceptedAt = try container.decodeIfPresent(Date.self, forKey: .acceptedAt)
        cancelledAt = try container.decodeIfPresent(Date.self, forKey: .cancelledAt)
        expiresAt = try container.decode(Date.self, forKey: .expiresAt)
    }
}
