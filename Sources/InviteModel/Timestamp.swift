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
