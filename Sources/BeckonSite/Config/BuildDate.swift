import BeckonDiagnostics
import Foundation

/// The date a build dates its sample invites from, so their links are valid when the site is
/// built: `SOURCE_DATE_EPOCH` when the environment sets it (the reproducible-builds convention,
/// https://reproducible-builds.org/specs/source-date-epoch/), otherwise the start of the current
/// day in UTC. A day rather than the second keeps every build of one day byte-identical (and the
/// `--cache` results reusable), while a link built today is still valid for `expiry.days` less
/// at most a day.
public enum BuildDate {
    /// The environment variable that fixes the date.
    public static let variable = "SOURCE_DATE_EPOCH"

    /// The date from `environment`, or the start of `now`'s UTC day when the variable is unset or
    /// empty; a description of the problem when it is not a whole number of seconds since
    /// 1970-01-01T00:00:00Z between 0 and 253402300799 (9999-12-31T23:59:59Z).
    public static func resolve(
        _ environment: [String: String], now: Date = Date()
    ) -> Result<Date, BuildDateError> {
        guard let text = environment[variable], !text.isEmpty else { return .success(startOfDay(now)) }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int64(text),
            seconds <= 253_402_300_799
        else {
            return .failure(BuildDateError(value: text))
        }
        return .success(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// Midnight UTC of the day `date` falls on.
    public static func startOfDay(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
    }

    /// The date for `environment`, with a `config.source-date-epoch` error located at `location`
    /// when the variable is unusable (the build then goes on with today's date).
    static func resolve(
        _ environment: [String: String], at location: SourceLocation
    ) -> (Date, [Diagnostic]) {
        switch resolve(environment) {
        case .success(let date): return (date, [])
        case .failure(let error):
            return (
                startOfDay(Date()),
                [
                    .error(
                        "config.source-date-epoch", error.description, at: location,
                        fix:
                            "Set \(variable) to a number of seconds since 1970-01-01 (`git log -1 --format=%ct`), or unset it to date sample invites from today."
                    )
                ]
            )
        }
    }
}

/// A `SOURCE_DATE_EPOCH` that is not a date.
public struct BuildDateError: Error, CustomStringConvertible, Sendable {
    public var value: String
    public var description: String {
        let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        return "\(BuildDate.variable) is `\(shown)`, not a number of seconds since 1970-01-01T00:00:00Z"
    }
}
