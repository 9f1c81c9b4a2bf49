import BeckonSite
import Foundation

/// `locales/translations.lock`: for every translated string, the fingerprint of the source text it
/// was last translated from, and of the translation itself. It makes a translation stale when its
/// source changes, whatever way the translation came — a hand edit, a copied file, an import.
///
/// Each build brings it up to date: a string seen for the first time is taken as translated from
/// the current source; a translation whose own text changed since is taken as re-translated from
/// the current source (someone edited it, so it now answers to it); a translation that did not
/// change while its source did is stale. Strings that carry their own `sourceHash` (from an
/// import) keep it. The file is JSON, sorted, written by `beckon build` only.
public struct TranslationLock: Sendable, Hashable, Codable {
    /// One translated string's fingerprints.
    public struct Entry: Sendable, Hashable, Codable {
        /// The source text it was translated from.
        public var source: String
        /// The translation's own text when that was recorded.
        public var translation: String

        public init(source: String, translation: String) {
            self.source = source
            self.translation = translation
        }
    }

    public static let path = "locales/translations.lock"
    public var version = 1
    public var locales: [String: [String: Entry]] = [:]

    public init() {}

    /// Reads the lock file's text; an unreadable lock is an empty one (it is rebuilt).
    public init(text: String) {
        self = (try? JSONDecoder().decode(TranslationLock.self, from: Data(text.utf8))) ?? TranslationLock()
    }

    /// The lock brought up to date with the catalog, and each translation's source fingerprint as
    /// the stale rule should read it.
    public func updated(_ catalog: Catalog) -> (lock: TranslationLock, sourceHashes: [LocaleID: [MessageKey: String]]) {
        guard let source = catalog.sourceBundle else { return (self, [:]) }
        // Locales this run does not build (`--locale`) keep what they had.
        var next = self
        var hashes: [LocaleID: [MessageKey: String]] = [:]
        for (locale, bundle) in catalog.bundles where locale != catalog.locales.defaultLocale {
            var entries: [String: Entry] = [:]
            for (key, entry) in bundle.entries {
                guard let original = source.entries[key] else { continue }
                let current = SourceHash.of(original.text)
                let translation = SourceHash.of(entry.text)
                let recorded = locales[locale.rawValue]?[key.rawValue]
                let sourceHash: String
                if let explicit = entry.sourceHash {
                    sourceHash = explicit
                } else if let recorded, recorded.translation == translation {
                    sourceHash = recorded.source
                } else {
                    sourceHash = current
                }
                entries[key.rawValue] = Entry(source: sourceHash, translation: translation)
                hashes[locale, default: [:]][key] = sourceHash
            }
            next.locales[locale.rawValue] = entries.isEmpty ? nil : entries
        }
        return (next, hashes)
    }

    /// The file's text: JSON sorted by locale and key, one string per line so a review diff
    /// shows which translations moved; the same for the same lock.
    public var text: String {
        var lines = ["{", "  \"version\": \(version),", "  \"locales\": {"]
        for (index, locale) in locales.keys.sorted().enumerated() {
            lines.append("    \(Self.quoted(locale)): {")
            let entries = locales[locale]!
            for (position, key) in entries.keys.sorted().enumerated() {
                let entry = entries[key]!
                let comma = position == entries.count - 1 ? "" : ","
                lines.append(
                    "      \(Self.quoted(key)): {\"source\": \(Self.quoted(entry.source)), "
                        + "\"translation\": \(Self.quoted(entry.translation))}\(comma)")
            }
            lines.append(index == locales.count - 1 ? "    }" : "    },")
        }
        lines += ["  }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ string: String) -> String {
        String(decoding: (try? JSONEncoder().encode(string)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
