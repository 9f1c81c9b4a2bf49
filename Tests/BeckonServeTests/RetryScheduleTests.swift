import BeckonServe
import Foundation
import PropertyBased
import Testing

/// The retry schedule of deferred invitations: waits that double from the first to the longest,
/// spread within the jitter, and an end to trying once the retry period is over.
@Suite struct RetryScheduleTests {
    let queued = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func waitsDoubleUpToTheLongest() {
        let schedule = RetrySchedule(first: 30, longest: 3_600, period: 86_400, jitter: 0)
        let waits = (1...10).map { attempts in
            schedule.retryAt(attempts: attempts, queuedAt: queued, at: queued, random: 0.5)?.timeIntervalSince(queued)
        }
        #expect(waits == [30, 60, 120, 240, 480, 960, 1_920, 3_600, 3_600, 3_600])
    }

    @Test func givesUpOnceTheNextTryFallsAfterThePeriod() {
        let schedule = RetrySchedule(first: 30, longest: 3_600, period: 86_400, jitter: 0)
        let late = queued.addingTimeInterval(86_400 - 3_600)
        #expect(
            schedule.retryAt(attempts: 20, queuedAt: queued, at: late, random: 0.5) == queued.addingTimeInterval(86_400)
        )
        #expect(schedule.retryAt(attempts: 20, queuedAt: queued, at: late + 1, random: 0.5) == nil)
    }

    @Test func everyWaitIsWithinItsSpreadAndThePeriod() async {
        let schedule = RetrySchedule()
        await propertyCheck(input: Gen.int(in: 1...200), Gen.double(in: 0..<1), Gen.double(in: 0..<90_000)) {
            attempts, random, elapsed in
            let now = queued.addingTimeInterval(elapsed)
            let base = min(schedule.longest, schedule.first * pow(2, Double(min(attempts - 1, 30))))
            guard let next = schedule.retryAt(attempts: attempts, queuedAt: queued, at: now, random: random) else {
                let wait = base * (1 + schedule.jitter * (2 * random - 1))
                #expect(now.addingTimeInterval(wait) > queued.addingTimeInterval(schedule.period))
                return
            }
            let wait = next.timeIntervalSince(now)
            #expect(wait >= base * (1 - schedule.jitter) - 1e-6 && wait <= base * (1 + schedule.jitter) + 1e-6)
            #expect(next <= queued.addingTimeInterval(schedule.period))
        }
    }
}
