import BeckonTestSupport
import Foundation
import Testing

@testable import InviteModel

/// `Timestamp.string(from:)` writes dates from 1970 to 9999 itself; Foundation's ISO 8601
/// formatter is the reference it must agree with, to the character.
struct TimestampTests {
    /// What Foundation writes for a whole second, with the milliseconds added.
    private static func reference(seconds: Int64, millis: Int64) -> String {
        Timestamp.formatted(seconds: seconds, fraction: millis)
    }

    private static func date(seconds: Int64, millis: Int64) -> Date {
        Date(timeIntervalSince1970: (Double(seconds) * 1000 + Double(millis)) / 1000)
    }

    @Test func agreesWithFoundationOnRandomMomentsFrom1970To9999() {
        var generator = SeededGenerator(seed: 0x7157)
        for _ in 0..<20_000 {
            // Half the draws within a century of now, where invites live; half anywhere.
            let range: Range<Int64> =
                Bool.random(using: &generator) ? 1_700_000_000..<4_900_000_000 : 0..<253_402_300_800
            let seconds = Int64.random(in: range, using: &generator)
            let millis = Int64.random(in: 0..<1000, using: &generator)
            #expect(
                Timestamp.string(from: Self.date(seconds: seconds, millis: millis))
                    == Self.reference(seconds: seconds, millis: millis))
        }
    }

    @Test(arguments: [
        (Int64(0), Int64(0), "1970-01-01T00:00:00.000Z"),
        (951_782_400, 0, "2000-02-29T00:00:00.000Z"),
        (4_107_542_399, 999, "2100-02-28T23:59:59.999Z"),
        (4_107_542_400, 0, "2100-03-01T00:00:00.000Z"),
        (1_798_761_599, 500, "2026-12-31T23:59:59.500Z"),
        (253_402_300_799, 999, "9999-12-31T23:59:59.999Z"),
    ])
    func writesTheDaysThatCalendarsGetWrong(seconds: Int64, millis: Int64, expected: String) {
        #expect(Timestamp.string(from: Self.date(seconds: seconds, millis: millis)) == expected)
        #expect(Self.reference(seconds: seconds, millis: millis) == expected)
    }

    @Test func momentsBefore1970AndFrom10000AreWrittenByFoundation() {
        #expect(
            Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_799.9996)) == "10000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -86_400)) == "1969-12-31T00:00:00.000Z")
    }

    @Test func roundsToTheNearestMillisecondAndReadsItBack() {
        let date = Date(timeIntervalSince1970: 1_600_000_000.017)
        #expect(Timestamp.string(from: date) == "2020-09-13T12:26:40.017Z")
        #expect(Timestamp.date(from: Timestamp.string(from: date)) == Timestamp.rounded(date))
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 1_600_000_000.9996)) == "2020-09-13T12:26:41.000Z")
    }
}
