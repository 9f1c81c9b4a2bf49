import BeckonRender
import BeckonURL

/// What the URL Standard makes of URLs on their own, without a base, remembered by their text: a
/// build's pages and messages repeat the same absolute links (alternates, stores, support, invite
/// links in every channel), and each is parsed once instead of once per page. Safe on any thread.
final class AbsoluteURLs: Sendable {
    static let shared = AbsoluteURLs()

    /// A URL parsed without a base: resolved, or not absolute (it needs a base, or is no URL).
    enum Reading: Sendable {
        /// Resolved; `url` is the text as first seen, which links keep instead of their own copy
        /// (a page's links stay in memory until the site rules have run).
        case absolute(url: String, FoundLink.Resolution)
        case notAbsolute
    }

    /// The URLs read so far, by their bytes (the URL Standard encodes two spellings of one text,
    /// `é` composed or not, apart), at most 50,000.
    private let readings = TextMemo<Reading>(limit: 50_000)

    /// The URL read without a base, parsed the first time it is seen.
    func reading(of url: String) -> Reading {
        readings.value(for: url) {
            switch URLParser.parse(url) {
            case .success(let parsed): .absolute(url: url, FoundLink.Resolution(parsed))
            case .failure: .notAbsolute
            }
        }
    }
}
