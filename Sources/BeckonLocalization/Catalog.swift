import BeckonDiagnostics
import BeckonEngine
import BeckonSite
import BeckonText

/// Every locale bundle of a site, with the fallback chains that connect them.
public struct Catalog: Sendable {
    public let locales: LocalesConfig
    /// Every bundle, by locale. Reading them whole records no read: steps that key by their
    /// arguments read strings through `lookup` and `sourceEntry` instead (`UnrecordedReads`).
    public var bundles: [LocaleID: LocaleBundle] {
        UnrecordedReads.note("every bundle (`Catalog.bundles`)")
        return storedBundles
    }
    let storedBundles: [LocaleID: LocaleBundle]
    /// Every key of every bundle, sorted: worked out once, where each locale's strings are
    /// gathered for the localization rules and the review (records no read, as `bundles`).
    public var keys: [MessageKey] {
        UnrecordedReads.note("every bundle's keys (`Catalog.keys`)")
        return storedKeys
    }
    private let storedKeys: [MessageKey]
    /// A formatter per bundle locale, with its CLDR plural rules loaded once.
    let formatters: [LocaleID: MessageFormatter]
    /// Each known locale followed by its fallback chain, the locales `lookup` tries in order: worked
    /// out once instead of on every lookup (a build looks up strings hundreds of thousands of times).
    private let lookupOrders: [LocaleID: [LocaleID]]
    /// The source fingerprints the translation lock recorded for translations without a
    /// `sourceHash` of their own, by locale and key (`TranslationLock.updated`); empty unless set.
    public var lockedSourceHashes: [LocaleID: [MessageKey: String]] = [:]

    /// Parses the bundles a site loaded.
    public static func load(_ site: Site) -> (Catalog, [Diagnostic]) {
        var bundles: [LocaleID: LocaleBundle] = [:]
        var diagnostics: [Diagnostic] = []
        for (locale, source) in site.bundleSources.sorted(by: { $0.key < $1.key }) {
            let (bundle, bundleDiagnostics) = LocaleBundle.parse(source, locale: locale)
            bundles[locale] = bundle
            diagnostics += bundleDiagnostics
        }
        let catalog = Catalog(locales: site.config.locales, bundles: bundles)
        return (catalog, diagnostics + catalog.pluralCategoryDiagnostics())
    }

    /// Reports plurals that lack a category the locale's CLDR rules use: Russian needs one, few,
    /// many and other; Arabic all six. (`=N` branches do not stand in for a category.)
    public func pluralCategoryDiagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (locale, bundle) in bundles.sorted(by: { $0.key < $1.key }) {
            let formatter = formatter(for: locale)
            for entry in bundle.entries.values.sorted(by: { $0.location < $1.location }) {
                for (choices, required, kind) in [
                    (entry.message.plurals, formatter.cardinalCategories, "plural"),
                    (entry.message.ordinals, formatter.ordinalCategories, "selectordinal"),
                ] {
                    for choice in choices {
                        let missing = required.filter { !choice.keywords.contains($0.rawValue) }.sorted().map(
                            \.rawValue)
                        guard !missing.isEmpty else { continue }
                        var diagnostic = Diagnostic.error(
                            "l10n.plural-categories",
                            "the \(kind) of `{\(choice.argument)}` in `\(entry.key)` lacks \(missing.joined(separator: ", ")), which \(locale) uses",
                            at: entry.location,
                            fix:
                                "Add \(missing.map { "`\($0) {…}`" }.joined(separator: ", ")); \(locale) distinguishes \(required.sorted().map(\.rawValue).joined(separator: ", "))\(kind == "selectordinal" ? " in ordinals" : "")."
                        )
                        diagnostic.locale = locale.rawValue
                        diagnostics.append(diagnostic)
                    }
                }
            }
        }
        return diagnostics
    }

    public init(locales: LocalesConfig, bundles: [LocaleID: LocaleBundle]) {
        self.locales = locales
        self.storedBundles = bundles
        self.storedKeys = Set(bundles.values.flatMap(\.entries.keys)).sorted()
        self.formatters = Dictionary(uniqueKeysWithValues: bundles.keys.map { ($0, MessageFormatter(locale: $0)) })
        let known = Set(bundles.keys).union(locales.list).union([locales.defaultLocale])
        self.lookupOrders = Dictionary(
            uniqueKeysWithValues: known.map { ($0, [$0] + locales.fallbackChain(for: $0)) })
    }

    /// The formatter of a locale.
    public func formatter(for locale: LocaleID) -> MessageFormatter {
        formatters[locale] ?? MessageFormatter(locale: locale)
    }

    /// The fingerprint of the source text the `locale` translation of `key` was made from: its
    /// `sourceHash`, else what the translation lock recorded, else `nil` (not known).
    public func recordedSourceHash(of key: MessageKey, in locale: LocaleID) -> String? {
        storedBundles[locale]?.entries[key]?.sourceHash ?? lockedSourceHashes[locale]?[key]
    }

    /// The source locale's bundle.
    public var sourceBundle: LocaleBundle? {
        UnrecordedReads.note("the source bundle (`Catalog.sourceBundle`)")
        return storedBundles[locales.defaultLocale]
    }

    /// The entry for a key in a locale, following the fallback chain; also says which locale had it.
    /// Inside a step of the engine, the lookup is recorded as a read of the string (`input(of:in:)`).
    public func lookup(_ key: MessageKey, in locale: LocaleID) -> (entry: BundleEntry, locale: LocaleID)? {
        Self.input(of: key, in: locale).record()
        return unrecordedLookup(key, in: locale)
    }

    /// Whether a lookup of `key` in `locale` finds a string, recorded as `lookup` is, without a
    /// copy of the entry it finds.
    public func contains(_ key: MessageKey, in locale: LocaleID) -> Bool {
        Self.input(of: key, in: locale).record()
        return unrecordedSupplier(key, in: locale) != nil
    }

    /// The message of the entry a lookup finds and the locale that supplied it, recorded as
    /// `lookup` is: what formatting and argument checks read, without a copy of the rest.
    public func message(_ key: MessageKey, in locale: LocaleID) -> (message: Message, locale: LocaleID)? {
        Self.input(of: key, in: locale).record()
        return unrecordedMessage(key, in: locale)
    }

    /// Where the string a lookup finds is written and the locale that supplied it, recorded as
    /// `lookup` is.
    public func location(_ key: MessageKey, in locale: LocaleID) -> (location: SourceLocation, locale: LocaleID)? {
        Self.input(of: key, in: locale).record()
        for candidate in lookupOrder(of: locale) {
            if let location = storedBundles[candidate]?.entries[key]?.location { return (location, candidate) }
        }
        return nil
    }

    /// The source locale's entry for a key, without following any chain: whether the source has
    /// the string (share pools and variants are read this way). Recorded like `lookup`.
    public func sourceEntry(_ key: MessageKey) -> BundleEntry? {
        InputID(Self.sourceString, name: key.rawValue).record()
        return storedBundles[locales.defaultLocale]?.entries[key]
    }

    /// The input a lookup of `key` in `locale` reads.
    public static func input(of key: MessageKey, in locale: LocaleID) -> InputID {
        InputID(string, scope: locale.rawValue, name: key.rawValue)
    }

    /// A string as a locale gets it, through its fallback chain.
    public static let string: InputKind = "string"
    /// A string of the source locale's bundle, or its absence.
    public static let sourceString: InputKind = "source-string"

    /// What an input of this catalog holds now: the text of the string a lookup finds, where it
    /// is written and which locale supplied it, or its absence. `nil` for inputs of other kinds.
    public func fingerprint(of input: InputID) -> Fingerprint? {
        let key = MessageKey(input.name)
        var builder = FingerprintBuilder(input.kind.rawValue)
        switch input.kind {
        case Self.string:
            guard let locale = LocaleID(input.scope), let (entry, supplier) = unrecordedLookup(key, in: locale) else {
                return builder.finish()
            }
            builder.add(supplier.rawValue)
            builder.add(entry.text)
            builder.add(entry.location.description)
        case Self.sourceString:
            guard let entry = storedBundles[locales.defaultLocale]?.entries[key] else { return builder.finish() }
            builder.add(entry.text)
            builder.add(entry.location.description)
        case Self.sourceKeyList:
            for key in storedBundles[locales.defaultLocale]?.orderedKeys ?? [] { builder.add(key.rawValue) }
        default:
            return nil
        }
        return builder.finish()
    }

    /// The locales a lookup in `locale` tries, in order: the locale, then its fallback chain.
    private func lookupOrder(of locale: LocaleID) -> [LocaleID] {
        lookupOrders[locale] ?? [locale] + locales.fallbackChain(for: locale)
    }

    /// The message alone of `unrecordedLookup(_:in:)`: what formatting needs, read where the
    /// entry is stored (a build formats strings hundreds of thousands of times).
    private func unrecordedMessage(_ key: MessageKey, in locale: LocaleID) -> (message: Message, locale: LocaleID)? {
        for candidate in lookupOrder(of: locale) {
            if let message = storedBundles[candidate]?.entries[key]?.message { return (message, candidate) }
        }
        return nil
    }

    /// The locale a lookup finds `key` in, found by the key alone.
    private func unrecordedSupplier(_ key: MessageKey, in locale: LocaleID) -> LocaleID? {
        for candidate in lookupOrder(of: locale)
        where storedBundles[candidate]?.entries.index(forKey: key) != nil {
            return candidate
        }
        return nil
    }

    private func unrecordedLookup(_ key: MessageKey, in locale: LocaleID) -> (entry: BundleEntry, locale: LocaleID)? {
        for candidate in lookupOrder(of: locale) {
            if let entry = storedBundles[candidate]?.entries[key] { return (entry, candidate) }
        }
        return nil
    }

    /// Formats a message for a locale. Arguments the message uses but `arguments` lacks are left
    /// as `{name}`; callers validate arguments beforehand with `unknownArguments`.
    public func format(
        _ key: MessageKey, in locale: LocaleID, arguments: [String: ArgumentValue]
    ) -> FormattedMessage? {
        guard let (message, supplier) = self.message(key, in: locale) else { return nil }
        // A string that fell back is formatted with its own locale's plural rules, since its
        // branches were written for them.
        let segments = formatter(for: supplier).segments(message, arguments: arguments)
        return FormattedMessage(key: key, segments: segments, suppliedBy: supplier)
    }

    /// Reports, for each locale being built, the source strings it lacks. A string supplied by a
    /// locale the site accepts (`LocalesConfig.acceptsFallback`) is a warning, `l10n.fallback`
    /// (`--strict` makes it an error); one that only the default locale supplies would put a
    /// sentence in another language on the page, so it is an error, `l10n.missing-translation`.
    /// Both are reported where the string belongs: after the nearest source key the bundle has.
    public func fallbackDiagnostics(buildLocales: [LocaleID]) -> [Diagnostic] {
        guard let source = sourceBundle else { return [] }
        var diagnostics: [Diagnostic] = []
        for locale in buildLocales where locale != locales.defaultLocale {
            guard let bundle = bundles[locale] else { continue }
            var previous: BundleEntry?
            for key in source.orderedKeys {
                if let entry = bundle.entries[key] {
                    previous = entry
                    continue
                }
                guard let (_, supplier) = lookup(key, in: locale) else { continue }
                let place = previous.map { " (after `\($0.key)`, line \($0.location.line))" } ?? ""
                var diagnostic: Diagnostic
                if locales.acceptsFallback(from: locale, to: supplier) {
                    diagnostic = .warning(
                        "l10n.fallback", "`\(key)` is missing in \(locale); the \(supplier) text is used",
                        at: previous?.location ?? SourceLocation(file: bundle.path),
                        fix: "Translate `\(key)` in \(bundle.path)\(place).")
                } else {
                    diagnostic = .error(
                        "l10n.missing-translation",
                        "`\(key)` is not translated into \(locale): its \(locale) artifacts would show the \(supplier) text",
                        at: previous?.location ?? SourceLocation(file: bundle.path),
                        fix:
                            "Translate `\(key)` in \(bundle.path)\(place), or accept \(supplier) text in \(locale) with `locales.fallback: {\(locale): [\(supplier)]}` in beckon.yml."
                    )
                }
                diagnostic.locale = locale.rawValue
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// Whether `key` in `locale` is supplied by another locale the site accepts as its fallback
    /// (as opposed to translated, or missing).
    public func isAcceptedFallback(_ key: MessageKey, in locale: LocaleID) -> Bool {
        guard storedBundles[locale]?.entries[key] == nil, let (_, supplier) = lookup(key, in: locale) else {
            return false
        }
        return locales.acceptsFallback(from: locale, to: supplier)
    }
}
