import Foundation

/// A funnel period's bounds as people write them: a day (`2026-11-01`, UTC) or an ISO 8601 time
/// (`2026-11-01T09:30:00Z`). A day as the start is its first moment; as the end, the day is
/// included (the bound is the next day's start, excluded).
public enum FunnelPeriod {
    /// The start a text gives, or `nil` when it is neither a day nor a time.
    public static func start(_ text: String) -> Date? {
        parse(text)?.date
    }

    /// The (excluded) end a text gives, or `nil` when it is neither a day nor a time.
    public static func end(_ text: String) -> Date? {
        parse(text).map { $0.isDay ? $0.date.addingTimeInterval(86_400) : $0.date }
    }

    private static func parse(_ text: String) -> (date: Date, isDay: Bool)? {
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if text.utf8.count == 10, let date = day.date(from: text) { return (date, true) }
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime],
        ] {
            let time = ISO8601DateFormatter()
            time.formatOptions = options
            if let date = time.date(from: text) { return (date, false) }
        }
        return nil
    }
}
