import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// How an `InviteEvent` maps to a row of `events`.
extension InviteEvent {
    /// The event with its invite's arm and language (`LEFT JOIN`: an event's invite is never
    /// deleted, and the join is by the invite's key; an app event may name none).
    static let selectSQL = """
        SELECT e.sequence AS sequence, e.name AS name, e.source AS source, e.invite_id AS invite_id, e.code AS code,
            e.sender_id AS sender_id, e.context AS context, e.channel AS channel, e.at AS at,
            e.platform AS platform, e.method AS method, i.variant AS variant, i.locale AS locale,
            e.client_event_id AS client_event_id, e.app_version AS app_version, e.properties AS properties
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

    /// Appends an app's event, with its invite's fields when it names one, unless its client
    /// event id was recorded before; numbered as the server's are.
    /// - Returns: Whether it was recorded.
    static func insert(
        _ event: AppEvent, invite: Invite?, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let rows = try await connection.query(
            """
            INSERT INTO events (name, source, invite_id, code, sender_id, context, channel, at, platform,
                client_event_id, app_version, properties)
            VALUES (\(event.name.rawValue), 'app', \(invite?.id), \(invite?.code.rawValue),
                \(invite?.senderID ?? event.senderID), \(invite?.context.rawValue), \(invite?.channel.rawValue),
                \(Milliseconds.from(event.at)), \(event.platform?.rawValue), \(event.clientEventID),
                \(event.appVersion), \(event.properties?.json))
            ON CONFLICT (client_event_id) WHERE client_event_id IS NOT NULL DO NOTHING
            RETURNING id
            """,
            logger: logger
        ).collect()
        return !rows.isEmpty
    }

    /// Reads a row selected with `selectSQL`.
    init(row: PostgresRow) throws {
        let columns = ColumnReader(row, table: "events")
        self.init(
            sequence: try columns.required("sequence"),
            name: try columns.parsed("name", Name.init(rawValue:)),
            source: try columns.parsed("source", Source.init(rawValue:)),
            inviteID: try columns.optional("invite_id"),
            code: try columns.parsedIfPresent("code", InviteCode.init),
            senderID: try columns.optional("sender_id"),
            context: try columns.parsedIfPresent("context", InviteContext.init(rawValue:)),
            channel: try columns.parsedIfPresent("channel", InviteChannel.init(rawValue:)),
            at: Milliseconds.date(try columns.required("at")),
            platform: try columns.parsedIfPresent("platform", ClientPlatform.init(rawValue:)),
            method: try columns.parsedIfPresent("method", InstallMethod.init(rawValue:)),
            variant: try columns.optional("variant"),
            locale: try columns.optional("locale"),
            clientEventID: try columns.optional("client_event_id"),
            appVersion: try columns.optional("app_version"),
            properties: try columns.parsedIfPresent("properties", EventProperties.init(json:))
        )
    }
}
