import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// How an `InviteEvent` maps to a row of `events`.
extension InviteEvent {
    static let selectSQL =
        "SELECT sequence, name, invite_id, code, sender_id, context, channel, at, platform, method FROM events"

    /// Appends events for `invite`, each dated by `date(of:for:fallback:)`, without a sequence
    /// number: `EventNumbering` gives them theirs once they are committed, so writers take no
    /// lock in common.
    static func insert(
        _ names: [Name], for invite: Invite, now: Date, platform: ClientPlatform? = nil, method: InstallMethod? = nil,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        for name in names {
            let at = Milliseconds.from(date(of: name, for: invite, fallback: now))
            try await connection.query(
                """
                INSERT INTO events (name, invite_id, code, sender_id, context, channel, at, platform, method)
                VALUES (\(name.rawValue), \(invite.id), \(invite.code.rawValue), \(invite.senderID),
                    \(invite.context.rawValue), \(invite.channel.rawValue), \(at), \(platform?.rawValue),
                    \(method?.rawValue))
                """,
                logger: logger)
        }
    }

    /// Reads a row selected with `selectSQL`.
    init(row: PostgresRow) throws {
        let columns = ColumnReader(row, table: "events")
        self.init(
            sequence: try columns.required("sequence"),
            name: try columns.parsed("name", Name.init(rawValue:)),
            inviteID: try columns.required("invite_id"),
            code: try columns.parsed("code", InviteCode.init),
            senderID: try columns.required("sender_id"),
            context: try columns.parsed("context", InviteContext.init(rawValue:)),
            channel: try columns.parsed("channel", InviteChannel.init(rawValue:)),
            at: Milliseconds.date(try columns.required("at")),
            platform: try columns.parsedIfPresent("platform", ClientPlatform.init(rawValue:)),
            method: try columns.parsedIfPresent("method", InstallMethod.init(rawValue:))
        )
    }
}
