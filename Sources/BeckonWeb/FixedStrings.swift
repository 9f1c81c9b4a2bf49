import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite
import Foundation

/// The layout strings of a locale that read the same on every page of the locale, whatever the
/// invite — those without arguments, and those whose arguments take the same values on every page
/// (`{app}`, `{days}`, `{supportEmail}`) — formatted once per render set instead of once per page.
final class FixedStrings: @unchecked Sendable {
    struct Formatted {
        var text: String
        var html: String
    }

    /// What a page gets for a string: its formatting (`nil` when no locale has the string), and
    /// whether an earlier page formatted it (every later page with the same values gets the same).
    struct Lookup {
        var formatted: Formatted?
        var wasKnown: Bool
    }

    /// A string formatted once: the arguments it reads, the values it was formatted with, and
    /// the result (`nil` when no locale has the string).
    private struct Entry {
        var names: [String]
        var values: [ArgumentValue?]
        var formatted: Formatted?
    }

    private let lock = NSLock()
    private var strings: [LocaleID: [MessageKey: Entry]] = [:]

    /// The string formatted as marked text and HTML, or `nil` when its arguments take other values
    /// on this page than on the one it was first formatted for (it is formatted per page then).
    func formatted(
        _ key: MessageKey, in locale: LocaleID, catalog: Catalog, arguments: [String: ArgumentValue],
        origins: RenderOrigins, appSchemes: Set<String>
    ) -> Lookup? {
        if let found = lock.withLock({ strings[locale]?[key] }) {
            guard found.names.map({ arguments[$0] }) == found.values else { return nil }
            // Formatted for an earlier page: this page read the string all the same.
            Catalog.input(of: key, in: locale).record()
            return Lookup(formatted: found.formatted, wasKnown: true)
        }
        let names = catalog.message(key, in: locale)?.message.argumentNames ?? []
        let formatted = catalog.format(key, in: locale, arguments: arguments).map { message in
            let origin = origins.string(key, in: locale)
            return Formatted(
                text: OriginMarks.wrap(
                    MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft), in: origin),
                html: OriginMarks.wrap(MessageRenderer.html(message, appSchemes: appSchemes), in: origin))
        }
        let entry = Entry(names: names, values: names.map { arguments[$0] }, formatted: formatted)
        lock.withLock { strings[locale, default: [:]][key] = strings[locale]?[key] ?? entry }
        return Lookup(formatted: formatted, wasKnown: false)
    }
}
