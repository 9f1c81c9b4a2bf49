import CBeckonICU

/// "2 days ago", "vor 2 Tagen", "in 3 hours": a time difference in a locale's words, from ICU.
public struct RelativeTime: Sendable {
    private let localeIdentifier: String

    public init(locale identifier: String) {
        localeIdentifier = PluralRules.icuLocale(identifier)
    }

    /// The difference of `seconds` (negative for the past) in its largest whole unit; `narrow`
    /// gives the short form ("2d ago") where the locale has one.
    public func format(seconds: Double, narrow: Bool = false) -> String {
        let magnitude = abs(seconds)
        let (value, unit): (Double, BeckonRelativeUnit) =
            switch magnitude {
            case ..<60: (magnitude, BECKON_RELATIVE_SECOND)
            case ..<3600: ((magnitude / 60).rounded(.down), BECKON_RELATIVE_MINUTE)
            case ..<86_400: ((magnitude / 3600).rounded(.down), BECKON_RELATIVE_HOUR)
            case ..<(7 * 86_400): ((magnitude / 86_400).rounded(.down), BECKON_RELATIVE_DAY)
            case ..<(30 * 86_400): ((magnitude / (7 * 86_400)).rounded(.down), BECKON_RELATIVE_WEEK)
            case ..<(365 * 86_400): ((magnitude / (30 * 86_400)).rounded(.down), BECKON_RELATIVE_MONTH)
            default: ((magnitude / (365 * 86_400)).rounded(.down), BECKON_RELATIVE_YEAR)
            }
        var buffer = [UInt16](repeating: 0, count: 128)
        let length = beckon_relative_time(
            localeIdentifier, seconds < 0 ? -value : value, Int32(unit.rawValue), narrow ? 1 : 0, &buffer,
            Int32(buffer.count))
        guard length >= 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
    }
}
