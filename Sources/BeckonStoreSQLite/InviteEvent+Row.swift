import BeckonStore
import Foundation
import GRDB
import InviteModel

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

    /// Appends an event for `invite`; SQLite assigns the sequence.
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

    /// Reads a row selected with `selectSQL`.
    init(row: Row) throws {
        func parsed<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value {
            guard let text: String = try row.decode(forColumn: column), let value = parse(text) else {
                throw StoredValueError(column: "events.\(column)")
            }
            return value
        }
        func optional<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value? {
            guard let text: String = try row.decode(forColumn: column) else { return nil }
            guard let value = parse(text) else { throw StoredValueError(column: "events.\(column)") }
            return value
        }
        guard let sequence: Int64 = try row.decode(forColumn: "sequence"),
            let senderID: String = try row.decode(forColumn: "sender_id"),
            let at: Int64 = try row.decode(forColumn: "at")
        else { throw StoredValueError(column: "events") }
        self.init(
            sequence: sequence,
            name: try parsed("name", Name.init(rawValue:)),
            inviteID: try parsed("invite_id", UUID.init(storedText:)),
            code: try parsed("code", InviteCode.init),
            senderID: senderID,
            context: try parsed("context", InviteContext.init(rawValue:)),
            channel: try parsed("channel", InviteChannel.init(rawValue:)),
            at: Milliseconds.date(at),
            platform: try optional("platform", ClientPlatform.init(rawValue:)),
            method: try optional("method", InstallMethod.init(rawValue:)),
            variant: try row.decode(forColumn: "variant"),
            locale: try row.decode(forColumn: "locale")
        )
    }
}
