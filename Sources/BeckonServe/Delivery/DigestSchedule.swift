import BeckonSite
import BeckonStore
import Foundation
import ServiceLifecycle

/// Queues the senders' daily digests (`notify: joined-digest`, seed 003 #49) while the server
/// sends email: once a minute it asks the store for the digests of the last day that ended at
/// `email.digest.hour`, which the store makes once per sender and day however often (and by
/// however many servers) it is asked, so a server started after the hour sends the day it missed.
struct DigestSchedule: Service {
    let store: any InviteStore
    let config: DigestConfig
    let wake: DeliveryWake
    let now: @Sendable () -> Date
    var log: @Sendable (String) -> Void
    /// How often the schedule is looked at.
    var interval: Duration = .seconds(60)

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            var unreachable = false
            while !Task.isCancelled {
                let date = now()
                do {
                    let queued = try await store.queueDigests(until: config.lastDue(at: date), at: date)
                    if queued > 0 {
                        log("queued \(queued) digest\(queued == 1 ? "" : "s")")
                        wake.nudge()
                    }
                    unreachable = false
                } catch {
                    if !unreachable { log("the digest schedule could not reach the store") }
                    unreachable = true
                }
                try await Task.sleep(for: interval)
            }
        }
    }
}
