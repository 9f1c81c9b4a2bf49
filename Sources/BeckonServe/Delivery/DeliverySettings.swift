import BeckonDKIM
import BeckonSMTP

/// How `beckon serve --smtp URL` delivers email invites' invitations: to which relay, signed
/// with which key, over how many connections, retried when.
public struct DeliverySettings: Sendable {
    /// The relay (`--smtp URL` with the login from the environment).
    public var relay: SMTPRelay
    /// Signs every message before it leaves (`email.dkim` with `BECKON_DKIM_KEY`), or `nil`.
    public var signer: DKIMSigner?
    /// Connections to the relay, each sending one message at a time.
    public var connections: Int
    /// How long a connection may wait for the relay to answer before the attempt is deferred.
    public var timeout: Double
    /// When a deferred invitation is tried again.
    public var schedule: RetrySchedule

    /// Settings with 4 connections, a 60-second timeout and the default schedule unless given.
    public init(
        relay: SMTPRelay, signer: DKIMSigner?, connections: Int = 4, timeout: Double = 60,
        schedule: RetrySchedule = RetrySchedule()
    ) {
        self.relay = relay
        self.signer = signer
        self.connections = connections
        self.timeout = timeout
        self.schedule = schedule
    }

    /// How long a worker's claim on an invitation lasts (`DeliveryWorker.lease(timeout:)`).
    public var lease: Double { DeliveryWorker.lease(timeout: timeout) }
}
