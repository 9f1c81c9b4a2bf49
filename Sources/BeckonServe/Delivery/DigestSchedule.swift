import BeckonSite
import BeckonStore
import Foundation
import ServiceLifecycle

/// Queues the senders' daily digests (`notify: joined-digest`, seed 003 #49) while the server
/// sends email: once a minute it asks the store for the digests of the last day that ended at
/// `email.digest.hour` (five minutes after it), which the store makes once per sender and day
/// however often (and by however many servers) it is asked, so a server started after the hour
/// sends the day it missed.
struct DigestSchedule: Service {
    let store: any InviteStore
    let config: DigestConfig
    let wake: DeliveryWake
    let now: @Sendable () -> Date
    var log: @Sendable (String) -> Void
    /// How often the schedule is looked at.
    var interval: Duration = .seconds(60)
    /// How long after the hour a day's digests are queued.
    static let grace: TimeInterval = 300

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            var unreachable = false
            while !Task.isCancelled {
                let date = now()
                do {
                    // A few minutes after the hour: an accept stamped just before it has committed.
                    let day = config.day(until: config.lastDue(at: date.addingTimeInterval(-Self.grace)))
                    let queued = try await store.queueDigests(from: day.lowerBound, until: day.upperBound, at: date)
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
