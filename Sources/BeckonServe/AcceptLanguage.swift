import BeckonSite
import Foundation

/// An `Accept-Language` header (RFC 9110 §12.5.4) as a list of language ranges by preference.
struct AcceptLanguage: Sendable, Hashable {
    /// Lower-cased ranges (`de-de`, `de`, `*`), the most preferred first; ranges with `q=0` left out.
    let ranges: [String]

    init(_ header: String?) {
        var weighted: [(range: String, quality: Double, order: Int)] = []
        for (order, item) in (header ?? "").split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first?.lowercased(), !range.isEmpty, range.count <= 35,
                range.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "*") })
            else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
            }
            if quality > 0 { weighted.append((range, quality, order)) }
        }
        ranges = weighted.sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }.map(
            \.range)
    }

    /// The first of `locales` the visitor accepts: an exact match of a range, else one with the
    /// range's primary language (`de` and `de-AT` choose `de-DE`); `nil` when none matches.
    func best(of locales: [LocaleID]) -> LocaleID? {
        for range in ranges {
            if range == "*" { return locales.first }
            if let exact = locales.first(where: { $0.rawValue.lowercased() == range }) { return exact }
            let language = range.split(separator: "-").first.map(String.init) ?? range
            if let same = locales.first(where: {
                $0.rawValue.lowercased().split(separator: "-").first.map(String.init) == language
            }) {
                return same
            }
        }
        return nil
    }
}
