import Foundation
import InviteModel
import Testing

@Suite struct PolicyTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func resendsWaitFiveMinutes() throws {
        var invite = Invite(senderID: "coach", code: InviteCode("ABCDEFGH")!, createdAt: Self.start, expiry: .coach)
        try invite.markSent(at: Self.start)
        #expect(throws: ResendError.tooSoon(retryAt: Self.start.addingTimeInterval(300))) {
            try invite.resend(at: Self.start.addingTimeInterval(299))
        }
        try invite.resend(at: Self.start.addingTimeInterval(300))
        #expect(invite.resentAt == Self.start.addingTimeInterval(300))
        let line = ResendPolicy.standard.statusLine(
            for: invite, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(line.hasPrefix("Resent ("))
        #expect(line.contains(":"))
    }

    @Test func createdInvitesCannotBeResent() {
        var invite = Invite(senderID: "coach", code: InviteCode("ABCDEFGH")!, createdAt: Self.start)
        #expect(throws: ResendError.self) { try invite.resend(at: Self.start) }
    }

    @Test(arguments: [(RateLimit.friend, 50), (RateLimit.coach, 100)])
    func sendersAreLimitedPerRollingDay(limit: RateLimit, count: Int) {
        var limiter = RateLimiter(limit: limit)
        for index in 0..<count {
            #expect(
                limiter.record(sender: "s", at: Self.start.addingTimeInterval(Double(index)))
                    == .allowed(remaining: count - index - 1))
        }
        let over = limiter.record(sender: "s", at: Self.start.addingTimeInterval(Double(count)))
        #expect(over == .limited(retryAt: Self.start.addingTimeInterval(86_400)))
        #expect(over.httpStatus == 429)
        #expect(over.retryAfter(from: Self.start.addingTimeInterval(Double(count))) == 86_400 - count)
        #expect(limiter.record(sender: "other", at: Self.start) == .allowed(remaining: count - 1))
        #expect(limiter.record(sender: "s", at: Self.start.addingTimeInterval(86_400)).httpStatus == 200)
    }

    @Test func bulkInvitesFindDuplicatesAndWarnFromTen() {
        let entries =
            ["a@x.test", "A@X.test", "not an address", "b@x.test"]
            + (1...8).map { "user\($0)@x.test" }
        let bulk = BulkInvite(entries) { EmailAddress($0)?.normalized }
        #expect(bulk.recipients.count == 10)
        #expect(bulk.duplicates.map(\.index) == [1])
        #expect(bulk.duplicates.map(\.firstIndex) == [0])
        #expect(bulk.invalid == [2])
        #expect(bulk.showsSoftWarning)
        #expect(!bulk.isOverLimit)
        let many = BulkInvite((1...21).map { "+4915\(100_000 + $0)" }) { PhoneNumber(parsing: $0) }
        #expect(many.isOverLimit)
    }

    /// Expiry lengths as `beckon serve --expiry` takes them; messages round them up to days.
    @Test func expiryLengthsAreReadWithTheirUnit() {
        #expect(ExpiryPolicy(parsing: "90s")?.duration == 90)
        #expect(ExpiryPolicy(parsing: "10m")?.duration == 600)
        #expect(ExpiryPolicy(parsing: "2h")?.duration == 7_200)
        #expect(ExpiryPolicy(parsing: "7d") == .coach)
        for refused in ["", "m", "0m", "-5m", "10", "10w", "1.5h", " 10m"] {
            #expect(ExpiryPolicy(parsing: refused) == nil, "\(refused)")
        }
        #expect(ExpiryPolicy(parsing: "10m")?.days == 1 && ExpiryPolicy.friend.days == 30)
    }
}
