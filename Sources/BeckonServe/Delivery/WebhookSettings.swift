import BeckonStore
import Foundation

/// Where `beckon serve --webhook URL` posts the invites' events, signed how, and how patiently.
public struct WebhookSettings: Sendable {
    /// The endpoint (`--webhook URL`).
    public var url: URL
    /// The signing secret's bytes (`BECKON_WEBHOOK_SECRET`, `whsec_` and base64).
    public var secret: [UInt8]
    /// The events posted (`--webhook-events`; `invite_accepted` by default).
    public var events: [InviteEvent.Name]
    /// Failed deliveries in a row after which the endpoint is disabled until the server restarts.
    public var disableAfter: Int
    /// How long a delivery waits for the endpoint's answer.
    public var timeout: Double
    /// When a failed delivery is tried again.
    public var schedule: RetrySchedule
    /// Deliveries in flight at once.
    public var connections: Int

    /// The events a webhook may be asked for: the ones an app's backend acts on.
    public static let allowedEvents: [InviteEvent.Name] = [
        .accepted, .opened, .expired, .appInstalled, .created, .sent, .cancelled, .storeClicked, .deliveryFailed,
    ]

    /// Settings posting `invite_accepted`, disabled after 100 failures in a row, unless given.
    public init(
        url: URL, secret: [UInt8], events: [InviteEvent.Name] = [.accepted], disableAfter: Int = 100,
        timeout: Double = 10, schedule: RetrySchedule = RetrySchedule(), connections: Int = 4
    ) {
        self.url = url
        self.secret = secret
        self.events = events
        self.disableAfter = disableAfter
        self.timeout = timeout
        self.schedule = schedule
        self.connections = connections
    }

    /// How long a claim on a webhook lasts (`DeliveryWorker.lease(timeout:)`).
    var lease: Double { DeliveryWorker.lease(timeout: timeout) }
}
