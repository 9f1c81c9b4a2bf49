import BeckonSite
import Synchronization

/// The locale chosen for each `Accept-Language` header, remembered: browsers send a few dozen
/// distinct headers, and parsing one costs more than the rest of choosing a page.
final class LocaleChoices: Sendable {
    /// The locales with pages, the default first.
    let locales: [LocaleID]
    /// The locale of a visitor who accepts none of them.
    let fallback: LocaleID
    private let chosen = Mutex<[String: LocaleID]>([:])

    /// How many headers' choices are kept before they are all let go.
    static let kept = 512
    /// The longest header whose choice is kept.
    static let longestKept = 256

    init(locales: [LocaleID], fallback: LocaleID) {
        self.locales = locales
        self.fallback = fallback
    }

    /// The best of `locales` for a visitor sending `header` (`AcceptLanguage.best(of:)`), else `fallback`.
    func locale(for header: String?) -> LocaleID {
        guard let header, header.utf8.count <= Self.longestKept else { return choose(header) }
        if let known = chosen.withLock({ $0[header] }) { return known }
        let locale = choose(header)
        chosen.withLock {
            if $0.count >= Self.kept { $0.removeAll(keepingCapacity: true) }
            $0[header] = locale
        }
        return locale
    }

    private func choose(_ header: String?) -> LocaleID {
        AcceptLanguage(header).best(of: locales) ?? fallback
    }
}
