import BeckonEngine
import BeckonLocalization
import BeckonSite
import Foundation

/// The fingerprints of the strings a template prints, as a locale gets them (their text, where
/// they are written and which locale supplied them), taken once per template and locale and shared
/// by every route that renders them.
final class StringPrints: @unchecked Sendable {
    private let catalog: Catalog
    private let lock = NSLock()
    private var prints: [String: Fingerprint] = [:]

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    func print(_ keys: [MessageKey], _ template: String, _ locale: LocaleID) -> Fingerprint {
        let id = template + "\u{1F}" + locale.rawValue
        if let known = lock.withLock({ prints[id] }) { return known }
        var builder = FingerprintBuilder("strings")
        for key in keys {
            builder.add(key.rawValue)
            if let (entry, supplier) = catalog.lookup(key, in: locale) {
                builder.add(supplier.rawValue)
                builder.add(entry.text)
                builder.add(entry.location.description)
            } else {
                builder.add(false)
            }
        }
        let print = builder.finish()
        lock.withLock { prints[id] = print }
        return print
    }
}
