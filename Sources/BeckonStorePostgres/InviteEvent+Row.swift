import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// How an `InviteEvent` maps to a row of `events`.
extension InviteEvent {
    /// The event with its invite's arm and language (`LEFT JOIN`: an event's invite is never
    /// deleted, and the join is by the invite's key).
    static let selectSQL = """
        SELECT e.sequence AS sequence, e.name AS name, e.invite_id AS invite_id, e.code AS code,
            e.sender_id AS sender_id, e.context AS context, e.channel AS channel, e.at AS at,
            e.platform AS platform, e.method AS method, i.variant AS variant, i.locale AS locale
        FROM events e LEFT JOIN invites i ON i.id = e.invite_id
        """

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
            method: try columns.parsedIfPresent("method", InstallMethod.init(rawValue:)),
            variant: try columns.optional("variant"),
            locale: try columns.optional("locale")
        )
    }
}
