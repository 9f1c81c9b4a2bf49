import Foundation

/// The RFC 5322 §3.3 date-time of a moment in UTC, such as `Thu, 01 Jan 2026 09:30:00 +0000`,
/// written with English names whatever the process locale; fractions of a second are dropped.
enum RFC5322Date {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ value: Int?) -> String { pad(value ?? 0, to: 2) }
        let weekday = days[(parts.weekday ?? 1) - 1]
        let month = months[(parts.month ?? 1) - 1]
        let time = "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
        return "\(weekday), \(two(parts.day)) \(month) \(pad(parts.year ?? 0, to: 4)) \(time) +0000"
    }

    private static func pad(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
