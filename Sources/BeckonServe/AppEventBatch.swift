import BeckonJSON
import BeckonStore
import Foundation
import InviteModel

/// A batch of the app's events (`POST /v1/events`) read from its JSON body and held to the
/// document's rules, each refusal a 400 problem naming the event's member (`events[3].properties`)
/// without repeating its value. The shape (members) has passed `APIRequestChecks`.
enum AppEventBatch {
    /// The most events one batch carries.
    static let maximumCount = 100
    /// How far back an event's time may be (a device that was offline a while), and ahead.
    static let maximumAge: TimeInterval = 30 * 86_400
    static let maximumLead: TimeInterval = 5 * 60
    /// The longest app version, in bytes.
    static let maximumVersionBytes = 32

    /// The events of `body`, read at `now`.
    static func events(_ body: JSONValue, now: Date) throws(APIProblem) -> [AppEvent] {
        guard case .array(let items)? = body["events"]?.kind else {
            throw .badRequest("`events` must be an array of 1 to \(maximumCount) events.", field: "events")
        }
        guard (1...maximumCount).contains(items.count) else {
            throw .badRequest(
                "`events` holds \(items.count) events; a batch holds 1 to \(maximumCount).", field: "events")
        }
        var events: [AppEvent] = []
        for (index, item) in items.enumerated() {
            events.append(try event(item, place: "events[\(index)]", now: now))
        }
        return events
    }

    private static func event(_ value: JSONValue, place: String, now: Date) throws(APIProblem) -> AppEvent {
        guard value.members != nil else { throw .badRequest("`\(place)` must be an object.", field: place) }
        func string(_ member: String) throws(APIProblem) -> String? {
            guard let found = value[member] else { return nil }
            if case .null = found.kind { return nil }
            guard let text = found.string else {
                throw .badRequest("`\(place).\(member)` must be a string.", field: "\(place).\(member)")
            }
            return text
        }
        guard let id = try string("id") else {
            throw .badRequest("`\(place).id` is required: the app's id for the event.", field: "\(place).id")
        }
        guard isClientEventID(id) else {
            throw .badRequest(
                "`\(place).id` must be 1 to 64 letters, digits, `.`, `:`, `-` or `_` (a UUID will do).",
                field: "\(place).id")
        }
        guard let nameText = try string("event") else {
            throw .badRequest("`\(place).event` is required.", field: "\(place).event")
        }
        guard let name = InviteEvent.Name(rawValue: nameText), InviteEvent.Name.app.contains(name) else {
            throw .badRequest(
                "`\(place).event` must be one of \(InviteEvent.Name.app.map(\.rawValue).joined(separator: ", ")).",
                field: "\(place).event")
        }
        guard let atText = try string("at") else {
            throw .badRequest("`\(place).at` is required: when it happened (RFC 3339).", field: "\(place).at")
        }
        // Read as the API reads every time it is sent (`TimestampTranscoder`).
        guard let at = Timestamp.date(from: atText) else {
            throw .badRequest(
                "`\(place).at` must be an RFC 3339 date-time such as 2026-11-29T14:05:00Z.", field: "\(place).at")
        }
        guard at >= now.addingTimeInterval(-maximumAge), at <= now.addingTimeInterval(maximumLead) else {
            throw .badRequest(
                "`\(place).at` must be at most 30 days ago and 5 minutes ahead of the server's clock.",
                field: "\(place).at")
        }
        var code: InviteCode?
        if let text = try string("code") {
            guard let parsed = InviteCode(text) else {
                throw .badRequest("`\(place).code` is not an invite code.", field: "\(place).code")
            }
            code = parsed
        }
        let senderID = try FieldRules.identifier(try string("senderId"), "\(place).senderId")
        var platform: ClientPlatform?
        if let text = try string("platform") {
            guard let parsed = ClientPlatform(rawValue: text) else {
                throw .badRequest(
                    "`\(place).platform` must be `ios`, `android` or `desktop`.", field: "\(place).platform")
            }
            platform = parsed
        }
        let version = try string("appVersion")
        if let version,
            version.utf8.count > maximumVersionBytes || version.unicodeScalars.contains(where: FieldRules.isForbidden)
        {
            throw .badRequest(
                "`\(place).appVersion` must be at most \(maximumVersionBytes) bytes, without control characters.",
                field: "\(place).appVersion")
        }
        var properties: EventProperties?
        if let found = value["properties"], found.kind != .null {
            properties = try EventPropertyRules.properties(found, place: "\(place).properties")
        }
        return AppEvent(
            clientEventID: id, name: name, code: code, senderID: senderID, platform: platform, appVersion: version,
            properties: properties, at: at)
    }

    /// Whether `text` is a client event id: 1 to 64 ASCII letters, digits, `.`, `:`, `-`, `_`.
    static func isClientEventID(_ text: String) -> Bool {
        let bytes = text.utf8
        return (1...64).contains(bytes.count)
            && bytes.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: ":")).contains(byte) || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }
}
