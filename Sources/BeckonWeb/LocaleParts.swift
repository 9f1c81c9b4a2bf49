import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite
import Foundation

/// The parts of a page's context that read the same on every page of a locale, whatever the
/// invite or template: the settings' values and layout objects (the app, the theme, the links
/// between pages) and the name an invite without a sender gives. Made once per locale and render
/// set instead of once per page; a page served through the store hand-off has store links of its
/// own, which it sets over these. It also keeps each page's `hreflang` alternates, which every
/// locale's version of the page shares.
final class LocaleParts: @unchecked Sendable {
    struct Parts {
        /// What `common.friend` reads as: the sender of an invite without one.
        var anonymous: String
        /// Placeholder values of the settings, the locale and the links between pages.
        var values: [String: RenderScope.Value]
        /// The layout's `app` object, without `smartAppBanner` (which carries the invite's link).
        var app: [String: TemplateValue]
        var theme: TemplateValue
        var links: TemplateValue
    }

    /// The layout's `alternates` list of a page, by its kind and sample: the same in each of its
    /// locales. Bounded, as `beckon serve` renders sample-like pages for any number of invites.
    let alternates = TextMemo<TemplateValue>(limit: 4_096)

    private let lock = NSLock()
    private var parts: [LocaleID: Parts] = [:]
    /// The nested `t` and `html` objects of a layout whose strings are all fixed in a locale
    /// (`FixedStrings`), by locale and layout.
    private var strings: [LocaleID: [String: (texts: TemplateValue, fragments: TemplateValue)]] = [:]

    /// The parts of `locale`, made by `make` the first time.
    func parts(_ locale: LocaleID, make: () -> Parts) -> Parts {
        if let known = lock.withLock({ parts[locale] }) {
            // Each page reads the sender's stand-in, as when it was first formatted.
            Catalog.input(of: MessageArguments.anonymousInviterKey, in: locale).record()
            return known
        }
        let made = make()
        lock.withLock { parts[locale] = parts[locale] ?? made }
        return made
    }

    /// The nested strings of `layout` in `locale`, made by `make` the first time. Only for a layout
    /// whose every string was an earlier page's (`FixedStrings.formatted` found them all): those
    /// never change, so neither do the objects made of them.
    func layoutStrings(
        _ locale: LocaleID, layout: String, make: () -> (texts: TemplateValue, fragments: TemplateValue)
    ) -> (texts: TemplateValue, fragments: TemplateValue) {
        if let known = lock.withLock({ strings[locale]?[layout] }) { return known }
        let made = make()
        lock.withLock { strings[locale, default: [:]][layout] = strings[locale]?[layout] ?? made }
        return made
    }
}
