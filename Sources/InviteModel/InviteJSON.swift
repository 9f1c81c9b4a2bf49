import Foundation

/// Reads and writes invites as JSON: sorted keys, ISO 8601 dates with milliseconds, and a
/// `schemaVersion` so older shapes can be migrated.
///
/// Schema versions:
/// - 1: seed 001's data model, snake_case (`sender_id`, `invite_code`, `context_type`, …), with no
///   `schemaVersion` key. Migrated on read: `channel` defaults to `other`.
/// - 2: the current shape, camelCase, written by `encode`.
public enum InviteJSON {
    /// Why a document could not be read as an invite.
    public struct DecodingFailure: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The invite as JSON (UTF-8).
    public static func encode(_ invite: Invite) -> Data {
        (try? encoder.encode(invite)) ?? Data()
    }

    /// Reads an invite of any known schema version.
    public static func decode(_ data: Data) throws(DecodingFailure) -> Invite {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw DecodingFailure(description: "an invite must be a JSON object")
            }
            object = parsed
        } catch let failure as DecodingFailure {
            throw failure
        } catch {
            throw DecodingFailure(description: "not valid JSON: \(error.localizedDescription)")
        }
        let version = object["schemaVersion"] as? Int ?? (object["invite_code"] != nil ? 1 : Invite.schemaVersion)
        do {
            switch version {
            case 1: return try decoder.decode(LegacyInvite.self, from: data).migrated()
            case Invite.schemaVersion: return try decoder.decode(Invite.self, from: data)
            default: throw DecodingFailure(description: "unknown invite schema version \(version)")
            }
        } catch let failure as DecodingFailure {
            throw failure
        } catch let error as DecodingError {
            throw DecodingFailure(description: describe(error))
        } catch {
            throw DecodingFailure(description: "\(error)")
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.string(from: date))
        }
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "`\(text)` is not an ISO 8601 date and time")
            }
            return date
        }
        return decoder
    }()

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _): return "missing key `\(key.stringValue)`"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "`\(path(context))` has the wrong type"
        case .dataCorrupted(let context):
            return path(context).isEmpty ? context.debugDescription : "`\(path(context))`: \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// Seed 001's invite shape (schema version 1).
private struct LegacyInvite: Decodable {
    var id: UUID
    var senderID: String
    var code: InviteCode
    var context: InviteContext
    var contextID: String?
    var channel: InviteChannel?
    var status: InviteStatus
    var inviteeID: String?
    var createdAt: Date
    var acceptedAt: Date?
    var expiresAt: Date

    enum CodingKeys: String, CodingKey {
        case id, channel, status
        case senderID = "sender_id"
        case code = "invite_code"
        case context = "context_type"
        case contextID = "context_id"
        case inviteeID = "invitee_id"
        case createdAt = "created_at"
        case acceptedAt = "accepted_at"
        case expiresAt = "expires_at"
    }

    func migrated() -> Invite {
        var invite = Invite(
            id: id, senderID: senderID, code: code, context: context, contextID: contextID,
            channel: channel ?? .other, createdAt: createdAt)
        invite.status = status
        invite.inviteeID = inviteeID
        invite.acceptedAt = acceptedAt
        invite.expiresAt = expiresAt
        return invite
    }
}
