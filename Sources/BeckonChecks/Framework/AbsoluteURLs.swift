import BeckonURL
import Foundation

/// What the URL Standard makes of URLs on their own, without a base, remembered by their text: a
/// build's pages and messages repeat the same absolute links (alternates, stores, support, invite
/// links in every channel), and each is parsed once instead of once per page. Safe on any thread.
final class AbsoluteURLs: @unchecked Sendable {
    static let shared = AbsoluteURLs()

    /// The most URLs kept; the table is emptied when it is full, so a long preview session does
    /// not grow it without bound.
    static let limit = 50_000

    /// A URL parsed without a base: resolved, or not absolute (it needs a base, or is no URL).
    enum Reading: Sendable {
        /// Resolved; `url` is the text as first seen, which links keep instead of their own copy
        /// (a page's links stay in memory until the site rules have run).
        case absolute(url: String, FoundLink.Resolution)
        case notAbsolute
    }

    /// A URL's text compared by its bytes: Swift's `String` equality would take two spellings of
    /// one text (`é` composed or not) for the same URL, which the URL Standard encodes apart.
    private struct Key: Hashable {
        var text: String

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    private let lock = NSLock()
    private var readings: [Key: Reading] = [:]

    /// The URL read without a base, parsed the first time it is seen.
    func reading(of url: String) -> Reading {
        let key = Key(text: url)
        if let known = lock.withLock({ readings[key] }) { return known }
        let reading: Reading =
            switch URLParser.parse(url) {
            case .success(let parsed): .absolute(url: url, FoundLink.Resolution(parsed))
            case .failure: .notAbsolute
            }
        lock.withLock {
            if readings.count >= Self.limit { readings.removeAll(keepingCapacity: true) }
            readings[key] = reading
        }
        return reading
    }
}
