import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite
import Foundation

/// The layout strings of a locale that take no arguments — the same on every page of the locale,
/// whatever the invite — formatted once per render set instead of once per page.
final class FixedStrings: @unchecked Sendable {
    struct Formatted {
        var text: String
        var html: String
    }

    private let lock = NSLock()
    private var strings: [LocaleID: [MessageKey: Formatted?]] = [:]

    /// The string formatted as marked text and HTML, or `nil` when it takes arguments (and must be
    /// formatted per page) or no locale has it.
    func formatted(
        _ key: MessageKey, in locale: LocaleID, catalog: Catalog, origins: RenderOrigins, appSchemes: Set<String>
    ) -> Formatted?? {
        if let found = lock.withLock({ strings[locale]?[key] }) {
            // Formatted for an earlier page: this page read the string all the same.
            Catalog.input(of: key, in: locale).record()
            return .some(found)
        }
        guard let entry = catalog.lookup(key, in: locale)?.entry else { return .some(nil) }
        guard entry.message.argumentNames.isEmpty else { return nil }
        let formatted = catalog.format(key, in: locale, arguments: [:]).map { message in
            let origin = origins.string(key, in: locale)
            return Formatted(
                text: OriginMarks.wrap(
                    MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft), in: origin),
                html: OriginMarks.wrap(MessageRenderer.html(message, appSchemes: appSchemes), in: origin))
        }
        lock.withLock { strings[locale, default: [:]][key] = .some(formatted) }
        return .some(formatted)
    }
}
