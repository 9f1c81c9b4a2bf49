import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import BeckonText
import Synchronization

/// What the localization rules look at: the bundles, which keys the site uses, and every string
/// rendered in every locale with every sample invite.
public struct LocalizationInput: Sendable {
    /// One rendering of a string: as plain text, with a sample invite or without one, and how
    /// long it is (measured once, where it is made: `l10n.too-long` and the review page read it).
    public struct Rendering: Sendable, Hashable {
        public var sample: String?
        public var text: String
        /// Characters as people see them (grapheme clusters).
        public var characters: Int
        /// Words by ICU's word break rules for the locale (`WordCounter`).
        public var words: Int

        public init(sample: String?, text: String, characters: Int, words: Int) {
            self.sample = sample
            self.text = text
            self.characters = characters
            self.words = words
        }

        /// A rendering measured here, its words counted by the rules of `locale`.
        public init(sample: String?, text: String, measuredIn locale: LocaleID) {
            self.init(
                sample: sample, text: text, characters: text.count,
                words: WordCounter(locale: locale.rawValue).count(text))
        }
    }

    public var catalog: Catalog {
        didSet { pairs = TranslationPairs() }
    }
    /// Keys a template, layout or share message uses, with where.
    public var usage: [MessageKey: [String]]
    /// Renderings by locale and key.
    public var renderings: [LocaleID: [MessageKey: [Rendering]]]
    /// The locales being built.
    public var locales: [LocaleID] {
        didSet { pairs = TranslationPairs() }
    }
    /// `translations`, paired once for all the rules that read them (made again after the
    /// catalog or the locales change).
    private var pairs = TranslationPairs()
    /// The source fingerprint each translation answers to, from the translation lock (see
    /// `TranslationLock`); a string's own `sourceHash` wins.
    public var sourceHashes: [LocaleID: [MessageKey: String]] = [:]
    /// The site's limits, which give strings with a `role` their character limit.
    public var limits = Limits()
    /// The stores the site's pages link without handing the invite over to the app (each named
    /// with why), which a string that promises a hand-off must not be shown beside.
    public var storesWithoutHandOff: [String] = []

    public init(
        catalog: Catalog, usage: [MessageKey: [String]], renderings: [LocaleID: [MessageKey: [Rendering]]],
        locales: [LocaleID]
    ) {
        self.catalog = catalog
        self.usage = usage
        self.renderings = renderings
        self.locales = locales
    }

    /// The source bundle's entries in file order.
    var sourceEntries: [BundleEntry] {
        guard let source = catalog.sourceBundle else { return [] }
        return source.orderedKeys.compactMap { source.entries[$0] }
    }

    /// For each built locale other than the source, its entries paired with the source entry.
    var translations: [(locale: LocaleID, entry: BundleEntry, source: BundleEntry)] {
        pairs.value { pairTranslations() }
    }

    private func pairTranslations() -> [(locale: LocaleID, entry: BundleEntry, source: BundleEntry)] {
        guard let source = catalog.sourceBundle else { return [] }
        var pairs: [(LocaleID, BundleEntry, BundleEntry)] = []
        for locale in locales where locale != catalog.locales.defaultLocale {
            guard let bundle = catalog.bundles[locale] else { continue }
            for key in bundle.orderedKeys {
                guard let entry = bundle.entries[key], let original = source.entries[key] else { continue }
                pairs.append((locale, entry, original))
            }
        }
        return pairs
    }
}

/// The translations of a `LocalizationInput` paired with their source entries, made on first use.
private final class TranslationPairs: Sendable {
    typealias Pairs = [(locale: LocaleID, entry: BundleEntry, source: BundleEntry)]
    private let made = Mutex<Pairs?>(nil)

    func value(_ make: () -> Pairs) -> Pairs {
        made.withLock { made in
            if let made { return made }
            let pairs = make()
            made = pairs
            return pairs
        }
    }
}

/// A check of the locale bundles. Each rule lives in its own file with its messages beside it.
public protocol CatalogRule: Sendable {
    var id: RuleID { get }
    /// Whether the rule compares all locales at once (and so runs once per build), rather than
    /// one locale with the source.
    var readsEveryLocale: Bool { get }
    func check(_ input: LocalizationInput) -> [Diagnostic]
}

extension CatalogRule {
    public var readsEveryLocale: Bool { false }

    /// A finding at a bundle entry, naming its locale.
    func finding(
        _ severity: Severity, _ message: String, at entry: BundleEntry, locale: LocaleID, sample: String? = nil,
        fix: String
    ) -> Diagnostic {
        var diagnostic = Diagnostic(severity, id, message, at: entry.location, fix: fix)
        diagnostic.locale = locale.rawValue
        diagnostic.sample = sample
        return diagnostic
    }
}
