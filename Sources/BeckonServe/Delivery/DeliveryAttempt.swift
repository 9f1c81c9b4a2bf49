import BeckonStore

/// How an attempt at a queued job ended, before the retry schedule decides what comes next.
/// Each case carries the reply recorded with the job: the relay's or the endpoint's, or what kept
/// it from answering.
enum DeliveryAttempt: Sendable, Hashable {
    case delivered(String)
    /// It may go through later (a 4xx from a relay, a non-2xx from an endpoint, no answer).
    case transient(String)
    /// It will never go as it is (a 5xx from a relay, or the invite cannot have it).
    case permanent(String)

    /// The reply's class: `2xx`, `4xx`, `5xx`, or `none` when nothing answered.
    var replyClass: String {
        let text: String
        switch self {
        case .delivered(let reply), .transient(let reply), .permanent(let reply): text = reply
        }
        // An HTTP reply is recorded as `HTTP 204`.
        let code = text.hasPrefix("HTTP ") ? text.dropFirst(5) : Substring(text)
        guard let first = code.first, "2345".contains(first), code.prefix(3).count == 3,
            code.prefix(3).allSatisfy(\.isNumber)
        else { return "none" }
        return "\(first)xx"
    }
}

extension InviteService {
    /// The invite an outbound job is for; `.failure` with the attempt's outcome when the store
    /// does not answer (tried again later) or the invite is gone (never sent).
    func invite(for job: OutboundJob) async -> Result<InviteRecord, DeliveryAttemptFailure> {
        do {
            guard let record = try await store.invite(id: job.inviteID) else {
                return .failure(DeliveryAttemptFailure(attempt: .permanent("the invite is gone")))
            }
            return .success(record)
        } catch {
            return .failure(DeliveryAttemptFailure(attempt: .transient("the invite store did not answer")))
        }
    }
}

/// A delivery attempt that ended before anything was sent, as an error.
struct DeliveryAttemptFailure: Error {
    let attempt: DeliveryAttempt
}
