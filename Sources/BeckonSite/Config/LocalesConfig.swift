import BeckonDiagnostics

/// `locales:` in beckon.yml: which locales the site is built in and where each falls back to.
public struct LocalesConfig: Sendable, Hashable {
    /// The source locale every other is translated from (`en-US` unless set).
    public var defaultLocale: LocaleID
    /// Every locale the site is built in, the default first.
    public var list: [LocaleID]
    /// Where each locale was listed, for diagnostics about its bundle.
    public var listLocations: [LocaleID: SourceLocation]
    /// Explicit fallback chains; `fallbackChain(for:)` completes them.
    public var fallback: [LocaleID: [LocaleID]]

    static let keys = ["default", "list", "fallback"]

    /// Whether text of `supplier` may stand in for a string `locale` lacks without that being an
    /// error: a locale of the same language (`de-AT` ← `de-DE`), or one the site named in
    /// `locales.fallback` for `locale`. The default locale's text, reached only because every chain
    /// ends there, is a sentence in another language on the page.
    public func acceptsFallback(from locale: LocaleID, to supplier: LocaleID) -> Bool {
        supplier.language == locale.language || fallback[locale]?.contains(supplier) == true
    }

    /// The locales to try, in order, for a string missing in `locale`: the configured chain, or
    /// else the more general locales in the list (`de-AT` → `de`), then other regions of the same
    /// language (`de-AT` → `de-DE`); always ending with the default.
    public func fallbackChain(for locale: LocaleID) -> [LocaleID] {
        var chain: [LocaleID] = []
        if let configured = fallback[locale] {
            chain = configured
        } else {
            var parent = locale.parent
            while let current = parent {
                if list.contains(current) { chain.append(current) }
                parent = current.parent
            }
            chain += list.filter { $0.language == locale.language && $0 != locale && !chain.contains($0) }
        }
        if !chain.contains(defaultLocale) && locale != defaultLocale { chain.append(defaultLocale) }
        return chain.filter { $0 != locale }
    }

    /// Reads `locales:`; without it the site is built in `en-US` only.
    public init(_ mapping: YAMLReader.Mapping?) {
        var defaultLocale = LocaleID("en-US")!
        if let mapping, let text = mapping.string("default") {
            if let id = Self.locale(text, at: mapping.location(of: "default"), mapping.reader) { defaultLocale = id }
        }
        var list: [LocaleID] = []
        var locations: [LocaleID: SourceLocation] = [:]
        if let mapping, let value = mapping.value("list") {
            let items = value.items ?? [value]
            for item in items {
                guard let text = mapping.reader.string(item, named: "locales.list item"),
                    let id = Self.locale(text, at: item.location, mapping.reader)
                else { continue }
                if locations[id] != nil {
                    mapping.reader.invalid(
                        "`\(id)` is listed twice in `locales.list`", at: item.location,
                        fix: "Remove the second entry.", rule: "duplicate-locale")
                    continue
                }
                list.append(id)
                locations[id] = item.location
            }
        }
        if !list.contains(defaultLocale) {
            list.insert(defaultLocale, at: 0)
            locations[defaultLocale] = mapping?.location(of: "default") ?? mapping?.location
        } else {
            list.removeAll { $0 == defaultLocale }
            list.insert(defaultLocale, at: 0)
        }
        var fallback: [LocaleID: [LocaleID]] = [:]
        if let mapping, let value = mapping.value("fallback") {
            for entry in value.entries ?? [] {
                guard let from = Self.locale(entry.key, at: entry.keyLocation, mapping.reader) else { continue }
                if !list.contains(from) {
                    mapping.reader.invalid(
                        "`locales.fallback` names `\(from)`, which is not in `locales.list`", at: entry.keyLocation,
                        fix: "Add `\(from)` to `locales.list`, or remove its fallback chain.", rule: "invalid-locale")
                }
                let chain = (mapping.reader.strings(entry.value, named: "locales.fallback.\(from)") ?? []).compactMap {
                    Self.locale($0, at: entry.value.location, mapping.reader)
                }
                for target in chain where !list.contains(target) {
                    mapping.reader.invalid(
                        "the fallback chain of `\(from)` names `\(target)`, which is not in `locales.list`",
                        at: entry.value.location,
                        fix: "Add `\(target)` to `locales.list`, or remove it from the chain.",
                        rule: "invalid-locale")
                }
                fallback[from] = chain
            }
            if value.entries == nil {
                mapping.reader.invalid(
                    "`locales.fallback` must map locales to chains, such as `de-AT: [de-DE, en-US]`",
                    at: value.location, fix: "Write one `locale: [fallback, …]` line per locale.", rule: "type")
            }
        }
        self.defaultLocale = defaultLocale
        self.list = list
        self.listLocations = locations
        self.fallback = fallback
    }

    private static func locale(_ text: String, at location: SourceLocation, _ reader: YAMLReader) -> LocaleID? {
        guard let id = LocaleID(text) else {
            reader.invalid(
                "`\(text)` is not a valid locale id", at: location, fix: LocaleID.hint(for: text),
                rule: "invalid-locale")
            return nil
        }
        return id
    }
}
