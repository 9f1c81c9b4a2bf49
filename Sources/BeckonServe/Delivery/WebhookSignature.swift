import BeckonBase64
import Crypto
import Foundation

/// The signature of the Standard Webhooks specification: `v1,` and the base64 of
/// HMAC-SHA256 over `ID.TIMESTAMP.BODY` with the secret's bytes, in `webhook-signature`, beside
/// `webhook-id` and `webhook-timestamp` (seconds since 1970). A receiver recomputes it and
/// refuses a timestamp far from its clock.
enum WebhookSignature {
    /// The `webhook-signature` value of one delivery.
    static func sign(id: String, timestamp: Int, body: [UInt8], secret: [UInt8]) -> String {
        var signed = Array("\(id).\(timestamp).".utf8)
        signed += body
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: secret))
        return "v1," + Base64.encode(Array(mac))
    }

    /// The secret's bytes from its written form, `whsec_` and base64 (24 to 64 bytes), or `nil`.
    static func secret(_ text: String) -> [UInt8]? {
        guard text.hasPrefix("whsec_"), let bytes = Base64.decode(String(text.dropFirst(6))),
            (24...64).contains(bytes.count)
        else { return nil }
        return bytes
    }
}
