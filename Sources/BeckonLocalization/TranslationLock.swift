import BeckonJSON
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

    /// Reads the lock file's text; an unreadable lock is an empty one (it is rebuilt). It reads what
    /// its `Codable` form decodes (`version` a whole number, each entry's `source` and
    /// `translation` strings, other keys ignored) with Beckon's JSON parser, which every build runs
    /// on this file in a fraction of `JSONDecoder`'s time.
    public init(text: String) {
        self = (try? JSONParser.parse(text)).flatMap(Self.init(json:)) ?? TranslationLock()
    }

    private init?(json: JSONValue) {
        guard case .number(let number)? = json["version"]?.kind, let version = Int(number),
            let locales = json["locales"]?.members
        else { return nil }
        self.version = version
        for locale in locales {
            guard let keys = locale.value.members else { return nil }
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(keys.count)
            for key in keys {
                guard let source = key.value["source"]?.string, let translation = key.value["translation"]?.string
                else { return nil }
                entries[key.key] = Entry(source: source, translation: translation)
            }
            self.locales[locale.key] = entries
        }
    }

    /// The lock brought up to date with the catalog, and each translation's source fingerprint as
    /// the stale rule should read it.
    public func updated(_ catalog: Catalog) -> (lock: TranslationLock, sourceHashes: [LocaleID: [MessageKey: String]]) {
        guard let source = catalog.sourceBundle else { return (self, [:]) }
        // Locales this run does not build (`--locale`) keep what they had.
        var next = self
        var hashes: [LocaleID: [MessageKey: String]] = [:]
        // Each source string is fingerprinted once, not once per locale that translates it.
        var sourceFingerprints: [MessageKey: String] = [:]
        for (locale, bundle) in catalog.bundles where locale != catalog.locales.defaultLocale {
            var entries: [String: Entry] = [:]
            for (key, entry) in bundle.entries {
                guard let original = source.entries[key] else { continue }
                let current: String
                if let known = sourceFingerprints[key] {
                    current = known
                } else {
                    current = SourceHash.of(original.text)
                    sourceFingerprints[key] = current
                }
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

    /// `string` as `JSONEncoder` writes it: as it is between quotes when it holds only printable
    /// ASCII other than `"`, `\` and `/` (every key, locale and fingerprint Beckon writes), else
    /// through `JSONEncoder` (a lock has about three strings a translated string).
    private static func quoted(_ string: String) -> String {
        let plain = string.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "/")
        }
        if plain { return "\"" + string + "\"" }
        return String(decoding: (try? JSONEncoder().encode(string)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
