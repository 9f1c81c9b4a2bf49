import BeckonDKIM
import BeckonSMTP
import Foundation

/// The last step of every email the server sends: the message signed (when the site signs) and
/// handed to the relay from the site's address, the relay's answer read as an attempt's outcome.
struct SignedRelay: Sendable {
    let signer: DKIMSigner?
    let senders: SMTPSenders
    /// The envelope's sender: the site's `email.from`, where bounces go.
    let envelopeFrom: String

    /// Signs `message` and gives it to the relay for `recipient`.
    func send(_ message: [UInt8], to recipient: String, at date: Date) async -> DeliveryAttempt {
        let signed: [UInt8]
        do {
            signed = try signer?.sign(message, at: date) ?? message
        } catch {
            return .permanent("the email could not be signed: \(error)")
        }
        switch await senders.send(from: envelopeFrom, recipients: [recipient], message: signed) {
        case .accepted(let reply): return .delivered(reply.description)
        case .transient(let reply): return .transient(reply.description)
        case .permanent(let reply): return .permanent(reply.description)
        case .unreachable(let reason): return .transient(reason)
        }
    }
}
