import BeckonSite
import BeckonText
import Foundation

/// Formats parsed messages for one locale: chooses plural, ordinal and select branches with the
/// locale's CLDR rules, and formats numbers, dates and times with the locale passed explicitly
/// (never the process locale). Dates and times are shown in UTC.
public struct MessageFormatter: Sendable {
    public let locale: LocaleID
    let cardinal: PluralRules
    let ordinal: PluralRules
    let foundationLocale: Locale

    public init(locale: LocaleID) {
        self.locale = locale
        cardinal = PluralRules(locale: locale.rawValue)
        ordinal = PluralRules(locale: locale.rawValue, ordinal: true)
        foundationLocale = Locale(identifier: locale.rawValue)
    }

    /// The categories the locale's cardinal plurals use.
    public var cardinalCategories: Set<PluralCategory> { cardinal.categories }

    /// The categories the locale's ordinals use (English: one, two, few, other — 1st, 2nd, 3rd, 4th).
    public var ordinalCategories: Set<PluralCategory> { ordinal.categories }

    /// The message's segments with arguments resolved. Arguments the message uses but
    /// `arguments` lacks are written as `{name}`.
    public func segments(_ message: Message, arguments: [String: ArgumentValue]) -> [FormattedMessage.Segment] {
        var segments: [FormattedMessage.Segment] = []
        append(message, arguments: arguments, pound: nil, to: &segments)
        return segments
    }

    private func append(
        _ message: Message, arguments: [String: ArgumentValue], pound: Double?,
        to segments: inout [FormattedMessage.Segment]
    ) {
        for part in message.parts {
            switch part {
            case .literal(let text):
                segments.append(.markup(text))
            case .argument(let name):
                segments.append(arguments[name].map { .value($0) } ?? .markup("{\(name)}"))
            case .number(let name, let style):
                guard let number = numberValue(arguments[name]) else {
                    segments.append(.markup("{\(name)}"))
                    continue
                }
                segments.append(.value(ArgumentValue(formatNumber(number, style: style))))
            case .date(let name, let style), .time(let name, let style):
                guard let date = arguments[name]?.date else {
                    segments.append(arguments[name].map { .value($0) } ?? .markup("{\(name)}"))
                    continue
                }
                let isDate = if case .date = part { true } else { false }
                segments.append(.value(ArgumentValue(formatDate(date, style: style, isDate: isDate))))
            case .plural(let name, let isOrdinal, let offset, let cases):
                let number = numberValue(arguments[name]) ?? 0
                let branch =
                    cases.first { $0.selector == .exact(Int(exactly: number) ?? Int.min) }
                    ?? cases.first {
                        $0.selector
                            == .keyword(
                                (isOrdinal ? ordinal : cardinal).category(for: number - Double(offset)).rawValue)
                    }
                    ?? cases.first { $0.selector == .keyword("other") }
                if let branch {
                    append(branch.message, arguments: arguments, pound: number - Double(offset), to: &segments)
                }
            case .select(let name, let cases):
                let key = arguments[name]?.text ?? ""
                let branch =
                    cases.first { $0.keyword == key } ?? (key.isEmpty ? cases.first { $0.keyword == "none" } : nil)
                    ?? cases.first { $0.keyword == "other" }
                if let branch { append(branch.message, arguments: arguments, pound: pound, to: &segments) }
            case .pound:
                segments.append(pound.map { .value(ArgumentValue(formatNumber($0, style: nil))) } ?? .markup("#"))
            }
        }
    }

    private func numberValue(_ argument: ArgumentValue?) -> Double? {
        argument?.number ?? argument.flatMap { Double($0.text) }
    }

    /// A number in the locale's digits and separators; styles `integer` and `percent`.
    public func formatNumber(_ number: Double, style: String?) -> String {
        switch style {
        case "percent": return number.formatted(.percent.locale(foundationLocale))
        case "integer":
            return number.rounded().formatted(.number.precision(.fractionLength(0)).locale(foundationLocale))
        default: return number.formatted(.number.locale(foundationLocale))
        }
    }

    /// A date or time in one of ICU's styles: short, medium (the default), long, full.
    func formatDate(_ date: Date, style: String?, isDate: Bool) -> String {
        let utc = TimeZone(identifier: "UTC")!
        if isDate {
            let dateStyle: Date.FormatStyle.DateStyle =
                switch style {
                case "short": .numeric
                case "long": .long
                case "full": .complete
                default: .abbreviated
                }
            return date.formatted(
                Date.FormatStyle(date: dateStyle, time: .omitted, locale: foundationLocale, timeZone: utc))
        }
        let timeStyle: Date.FormatStyle.TimeStyle =
            switch style {
            case "short": .shortened
            case "long", "full": .complete
            default: .standard
            }
        return date.formatted(
            Date.FormatStyle(date: .omitted, time: timeStyle, locale: foundationLocale, timeZone: utc))
    }
}

extension MessageFormatter {
    /// Names joined the way the locale joins a list: "Maya, Jonas and Lea", "Maya, Jonas und Lea",
    /// "Maya、Jonas、Lea".
    public func formatList(_ items: [String]) -> String {
        items.formatted(.list(type: .and).locale(foundationLocale))
    }

    /// A moment relative to another in the locale's words: "2 days ago", "vor 2 Tagen"; `narrow`
    /// gives the short form ("2d ago") where the locale has one.
    public func formatRelative(_ date: Date, to now: Date, narrow: Bool = false) -> String {
        RelativeTime(locale: locale.rawValue).format(seconds: date.timeIntervalSince(now), narrow: narrow)
    }
}
