import BeckonStore
import Foundation
import GRDB
import InviteModel

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

    /// Appends the server's event for `invite`; SQLite assigns the sequence.
    static func insert(
        _ name: Name, for invite: Invite, at date: Date, platform: ClientPlatform? = nil, method: InstallMethod? = nil,
        in db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO events (name, invite_id, code, sender_id, context, channel, at, platform, method)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                name.rawValue, invite.id.uuidString, invite.code.rawValue, invite.senderID, invite.context.rawValue,
                invite.channel.rawValue, Milliseconds.from(date), platform?.rawValue, method?.rawValue,
            ])
    }

    /// Appends an app's event, with its invite's fields when it names one, unless its client
    /// event id was recorded before.
    /// - Returns: Whether it was recorded.
    static func insert(_ event: AppEvent, invite: Invite?, in db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT INTO events (name, source, invite_id, code, sender_id, context, channel, at, platform,
                    client_event_id, app_version, properties)
                VALUES (?, 'app', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (client_event_id) WHERE client_event_id IS NOT NULL DO NOTHING
                """
        ).execute(
            arguments: [
                event.name.rawValue, invite?.id.uuidString, invite?.code.rawValue, invite?.senderID ?? event.senderID,
                invite?.context.rawValue, invite?.channel.rawValue, Milliseconds.from(event.at),
                event.platform?.rawValue, event.clientEventID, event.appVersion, event.properties?.json,
            ])
        return db.changesCount > 0
    }

    /// Reads a row selected with `selectSQL`.
    init(row: Row) throws {
        func parsed<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value {
            guard let value = try optional(column, parse) else { throw StoredValueError(column: "events.\(column)") }
            return value
        }
        func optional<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value? {
            guard let text: String = try row.decode(forColumn: column) else { return nil }
            guard let value = parse(text) else { throw StoredValueError(column: "events.\(column)") }
            return value
        }
        guard let sequence: Int64 = try row.decode(forColumn: "sequence"),
            let at: Int64 = try row.decode(forColumn: "at")
        else { throw StoredValueError(column: "events") }
        self.init(
            sequence: sequence,
            name: try parsed("name", Name.init(rawValue:)),
            source: try parsed("source", Source.init(rawValue:)),
            inviteID: try optional("invite_id", UUID.init(storedText:)),
            code: try optional("code", InviteCode.init),
            senderID: try row.decode(forColumn: "sender_id"),
            context: try optional("context", InviteContext.init(rawValue:)),
            channel: try optional("channel", InviteChannel.init(rawValue:)),
            at: Milliseconds.date(at),
            platform: try optional("platform", ClientPlatform.init(rawValue:)),
            method: try optional("method", InstallMethod.init(rawValue:)),
            variant: try row.decode(forColumn: "variant"),
            locale: try row.decode(forColumn: "locale"),
            clientEventID: try row.decode(forColumn: "client_event_id"),
            appVersion: try row.decode(forColumn: "app_version"),
            properties: try optional("properties", EventProperties.init(json:))
        )
    }
}
