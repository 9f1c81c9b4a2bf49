import BeckonAPI
import Foundation
import InviteModel
import OpenAPIRuntime

/// Reading what an API request sent: what its body is compared by, its idempotency key, a user
/// id, a page's limit.
enum APIInput {
    /// What an idempotency key's request is compared by: the decoded body written again, members
    /// sorted, so the same request in other spacing or order is the same; nothing without a key.
    static func compared(_ payload: some Encodable, key: String?) throws -> [UInt8] {
        key == nil ? [] : Array(try APIJSON.encoded(payload))
    }

    /// The `{id}` of a `/v1/users/{id}/…` path, which must be an opaque id.
    static func userID(_ id: String) throws(APIProblem) -> String {
        guard InviteLink.isOpaqueID(id) else {
            throw APIProblem.badRequest("The user id is not an opaque id.", field: "id")
        }
        return id
    }

    /// `Idempotency-Key` as sent: 1 to 255 visible ASCII characters, or none.
    static func idempotencyKey(_ key: String?) throws(APIProblem) -> String? {
        guard let key else { return nil }
        guard (1...255).contains(key.count), key.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value <= 0x7E })
        else {
            throw .badRequest("`Idempotency-Key` must be 1 to 255 visible ASCII characters.", field: "Idempotency-Key")
        }
        return key
    }

    /// The `limit` query parameter, `value` when it is absent.
    static func limit(_ given: Int?, default value: Int, maximum: Int) throws(APIProblem) -> Int {
        guard let limit = given else { return value }
        guard (1...maximum).contains(limit) else {
            throw .badRequest("`limit` must be a number from 1 to \(maximum).", field: "limit")
        }
        return limit
    }
}
