import Foundation

/// ISO 8601 timestamps in UTC with milliseconds, the precision invites keep.
public enum Timestamp {
    /// `2026-11-22T07:34:19.123Z`.
    public static func string(from date: Date) -> String {
        // Milliseconds are computed by rounding, not left to the formatter, which truncates
        // (1600000000.017 is stored as …0.01699999 and would print as .016).
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = millis / 1000
        var fraction = millis % 1000
        if fraction < 0 {
            seconds -= 1
            fraction += 1000
        }
        guard (0..<latestWritten).contains(seconds) else { return formatted(seconds: seconds, fraction: fraction) }
        let days = seconds / 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        let second = seconds - days * 86_400
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func put(_ value: Int64, _ width: Int, at start: Int) {
                var value = value
                for index in stride(from: start + width - 1, through: start, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            put(month, 2, at: 5)
            put(day, 2, at: 8)
            put(second / 3600, 2, at: 11)
            put(second / 60 % 60, 2, at: 14)
            put(second % 60, 2, at: 17)
            put(fraction, 3, at: 20)
            buffer[4] = UInt8(ascii: "-")
            buffer[7] = UInt8(ascii: "-")
            buffer[10] = UInt8(ascii: "T")
            buffer[13] = UInt8(ascii: ":")
            buffer[16] = UInt8(ascii: ":")
            buffer[19] = UInt8(ascii: ".")
            buffer[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// The first second past 9999-12-31T23:59:59Z: later (and earlier than 1970) timestamps are
    /// written by Foundation's formatter.
    private static let latestWritten: Int64 = 253_402_300_800

    /// The proleptic Gregorian year, month and day of a day counted from 1970-01-01 (day 0 or
    /// later), by the days-to-civil algorithm of 400-year eras.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days from 0000-03-01
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A timestamp written by Foundation's ISO 8601 formatter, with the milliseconds added (the
    /// reference the tests hold the arithmetic to).
    static func formatted(seconds: Int64, fraction: Int64) -> String {
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds))
            .formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
        let digits = String(fraction)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Reads ISO 8601 with or without fractional seconds.
    public static func date(from text: String) -> Date? {
        let utc = TimeZone(identifier: "UTC")!
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: utc).parse(text) {
            return rounded(date)
        }
        return (try? Date.ISO8601FormatStyle(timeZone: utc).parse(text)).map(rounded)
    }

    /// A date rounded to the millisecond, so it survives a JSON round trip unchanged.
    public static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}
