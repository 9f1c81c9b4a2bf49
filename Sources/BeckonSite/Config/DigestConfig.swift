import Foundation

/// `email.digest`: when `beckon serve` sends each sender the day's digest of invitees who
/// accepted (a template with `notify: joined-digest`, seed 003 #49): every day at `hour` in
/// `timeZone`, covering the 24 hours before.
public struct DigestConfig: Sendable, Hashable {
    /// The hour of the day the digest goes out, 0 to 23.
    public var hour: Int
    /// The IANA time zone the hour is in (`Europe/Berlin`).
    public var timeZone: TimeZone

    static let keys = ["hour", "timeZone"]

    /// 18:00 UTC.
    public static let standard = DigestConfig(hour: 18, timeZone: TimeZone(identifier: "UTC")!)

    public init(hour: Int, timeZone: TimeZone) {
        self.hour = hour
        self.timeZone = timeZone
    }

    init?(_ mapping: YAMLReader.Mapping) {
        var config = Self.standard
        if mapping.entries.contains(where: { $0.key == "hour" }) {
            guard let hour = mapping.int("hour", in: 0...23) else { return nil }
            config.hour = hour
        }
        if let name = mapping.string("timeZone") {
            guard let zone = TimeZone(identifier: name), name.contains("/") || name == "UTC" else {
                mapping.reader.invalid(
                    "`\(name)` is not a time zone (in `\(mapping.path("timeZone"))`)",
                    at: mapping.location(of: "timeZone"),
                    fix: "Write an IANA time zone name such as `Europe/Berlin`, `America/New_York` or `UTC`.",
                    rule: "invalid-value")
                return nil
            }
            config.timeZone = zone
        }
        self = config
    }

    /// The day a digest that ends at `until` covers: from the digest hour before it (a day of 23
    /// or 25 hours where the clocks change, so no hour is told twice or never).
    public func day(until: Date) -> Range<Date> {
        lastDue(at: until.addingTimeInterval(-1))..<until
    }

    /// The end of the last day whose digest is due at `date`: the latest `hour` o'clock in
    /// `timeZone` at or before it.
    public func lastDue(at date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.startOfDay(for: date)
        // `date(bySettingHour:)` finds the hour's first instant on a day where clocks skip it.
        let today =
            calendar.date(bySettingHour: hour, minute: 0, second: 0, of: day, matchingPolicy: .nextTime)
            ?? day.addingTimeInterval(TimeInterval(hour * 3_600))
        guard today > date else { return today }
        let yesterday = calendar.date(byAdding: .day, value: -1, to: day) ?? day.addingTimeInterval(-86_400)
        return calendar.date(bySettingHour: hour, minute: 0, second: 0, of: yesterday, matchingPolicy: .nextTime)
            ?? yesterday.addingTimeInterval(TimeInterval(hour * 3_600))
    }
}
