import AsyncHTTPClient
import BeckonStore
import Foundation
import InviteModel
import NIOCore
import Synchronization

/// Posts one queued event to the app's backend (`--webhook`): a JSON body of the event and its
/// invite's ids (never a name or an address), signed as the Standard Webhooks specification
/// says, through async-http-client (a client of its own that follows no redirect: a redirected
/// POST would arrive as a GET without its body, or leave TLS). A 2xx delivers it; a 4xx other than
/// 408, 425 and 429 refuses it for good (the endpoint will not take it as it is, and the invite's
/// later events must not wait behind it); anything else, or no answer within the timeout, is
/// tried again. After `disableAfter` failures in a row the endpoint is disabled: the worker stops
/// claiming webhooks (they wait in the queue), a log line and `beckon_webhook_disabled` say so,
/// until the server restarts.
final class WebhookSender: Sendable {
    let settings: WebhookSettings
    let store: any InviteStore
    let metrics: ServeMetrics
    private let failures = Mutex((run: 0, disabled: false))
    private let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled))
    private let log: Mutex<@Sendable (String) -> Void>

    init(settings: WebhookSettings, store: any InviteStore, metrics: ServeMetrics) {
        self.settings = settings
        self.store = store
        self.metrics = metrics
        self.log = Mutex({ _ in })
        metrics.webhookDisabled(false)
    }

    /// Where the line saying the endpoint was disabled goes.
    func logging(to log: @escaping @Sendable (String) -> Void) { self.log.withLock { $0 = log } }

    /// Closes the client's connections (when the server stops).
    func shutdown() async { try? await client.shutdown() }

    /// Whether the endpoint is disabled.
    var isDisabled: Bool { failures.withLock { $0.disabled } }

    func attempt(_ job: OutboundJob, at date: Date) async -> DeliveryAttempt {
        let record: InviteRecord?
        do {
            record = try await store.invite(id: job.inviteID)
        } catch {
            return .transient("the invite store did not answer")
        }
        guard let record, let event = job.event else { return .permanent("the invite or its event is gone") }
        let body = Self.body(event: event, at: job.queuedAt, record: record)
        let id = "msg_\(job.messageID)"
        let timestamp = Int(date.timeIntervalSince1970)
        var request = HTTPClientRequest(url: settings.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Beckon-Webhooks")
        request.headers.add(name: "webhook-id", value: id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(
            name: "webhook-signature",
            value: WebhookSignature.sign(id: id, timestamp: timestamp, body: body, secret: settings.secret))
        request.body = .bytes(ByteBuffer(bytes: body))
        let outcome: DeliveryAttempt
        do {
            let response = try await client.execute(
                request, timeout: .milliseconds(Int64(settings.timeout * 1000)))
            // The answer's body is read (at most 64 KB) so the connection can serve the next one.
            _ = try? await response.body.collect(upTo: 65_536)
            let code = Int(response.status.code)
            switch code {
            case 200..<300: outcome = .delivered("HTTP \(code)")
            case 400..<500 where ![408, 425, 429].contains(code): outcome = .permanent("HTTP \(code)")
            default: outcome = .transient("HTTP \(code)")
            }
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            outcome = .transient("no answer within \(Self.seconds(settings.timeout))")
        } catch {
            outcome = .transient("the endpoint could not be reached")
        }
        count(outcome)
        return outcome
    }

    /// Counts a run of failures; the run's `disableAfter`-th disables the endpoint.
    private func count(_ outcome: DeliveryAttempt) {
        let disabledNow = failures.withLock { state -> Bool in
            guard case .delivered = outcome else {
                state.run += 1
                if state.run >= settings.disableAfter, !state.disabled {
                    state.disabled = true
                    return true
                }
                return false
            }
            state.run = 0
            return false
        }
        if disabledNow {
            metrics.webhookDisabled(true)
            log.withLock { $0 }(
                "the webhook endpoint failed \(settings.disableAfter) deliveries in a row and is disabled until the server restarts; its webhooks wait in the queue"
            )
        }
    }

    /// `{"type", "timestamp", "data"}`: the event's name and time, and the invite's ids, context,
    /// channel and status.
    static func body(event: InviteEvent.Name, at date: Date, record: InviteRecord) -> [UInt8] {
        let invite = record.invite
        var data: [String: String] = [
            "event": event.rawValue, "inviteId": invite.id.uuidString.lowercased(), "code": invite.code.rawValue,
            "senderId": invite.senderID, "context": invite.context.rawValue, "channel": invite.channel.rawValue,
            "status": invite.status.rawValue, "at": Timestamp.string(from: date),
        ]
        data["contextId"] = invite.contextID
        data["inviteeId"] = invite.inviteeID
        data["variant"] = record.variant
        data["locale"] = record.locale
        let payload: [String: Any] = ["type": event.rawValue, "timestamp": Timestamp.string(from: date), "data": data]
        let json = try? JSONSerialization.data(
            withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes])
        return Array(json ?? Data())
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
