import Foundation

/// Dates as the database keeps them: whole milliseconds since 1970 UTC, rounded as `Timestamp`
/// rounds an invite's dates, so a stored invite reads back equal to the one written.
enum Milliseconds {
    static func from(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
