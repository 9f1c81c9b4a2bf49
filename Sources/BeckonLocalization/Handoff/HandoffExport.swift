import BeckonSite

/// Writes a site's strings in a translator hand-off format.
public enum HandoffExport {
    /// A written hand-off file and what it holds.
    public struct Document: Sendable, Hashable {
        /// The file's text.
        public var text: String
        /// The source strings in it.
        public var strings: Int
        /// Translations it asks for: strings the target locale lacks (every target locale, for a
        /// String Catalog).
        public var untranslated: Int
        /// Translations it marks for review because their source changed.
        public var stale: Int
    }

    /// The hand-off file of a catalog.
    ///
    /// The output is deterministic: keys in source-file order, no timestamps, every value escaped.
    /// - Parameters:
    ///   - catalog: The site's bundles; the source is `catalog.locales.defaultLocale`.
    ///   - format: The file format.
    ///   - locale: XLIFF: the target locale, one of the site's other than the default (`nil`
    ///     otherwise). A String Catalog holds every locale and ignores it.
    ///   - usage: For each key, the templates and layouts that use it, written as notes.
    public static func export(
        _ catalog: Catalog, format: HandoffFormat, locale: LocaleID?, usage: [MessageKey: [String]] = [:]
    ) -> Document? {
        let sourceLocale = catalog.locales.defaultLocale
        let source = (locale: sourceLocale.rawValue, path: catalog.sourceBundle?.path ?? "locales/\(sourceLocale).yml")
        switch format {
        case .xliff12, .xliff20:
            guard let locale, locale != sourceLocale, catalog.locales.list.contains(locale) else { return nil }
            let units = HandoffUnit.units(catalog, locale: locale, usage: usage)
            let text =
                format == .xliff12
                ? XLIFF12Writer.write(units, source: source, target: locale.rawValue)
                : XLIFF20Writer.write(units, source: source, target: locale.rawValue)
            return Document(
                text: text, strings: units.count, untranslated: units.count { $0.state == .new },
                stale: units.count { $0.state == .stale })
        case .xcstrings:
            let units = HandoffUnit.units(catalog, locale: nil, usage: usage)
            let targets = catalog.locales.list.filter { $0 != sourceLocale }
            let states = targets.flatMap { locale in
                units.map { HandoffState(source: $0.source, in: locale, catalog: catalog) }
            }
            return Document(
                text: XCStringsWriter.write(units, catalog: catalog), strings: units.count,
                untranslated: states.count { $0 == .new }, stale: states.count { $0 == .stale })
        }
    }
}
