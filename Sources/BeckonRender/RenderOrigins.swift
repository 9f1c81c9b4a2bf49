import BeckonDiagnostics
import BeckonLocalization
import BeckonProvenance
import BeckonSite

/// The origins of the values renderers write — settings, locale strings, sample invites — for
/// marking rendered output (see `OriginMarks`).
public struct RenderOrigins: Sendable {
    public let config: ConfigLocations
    public let catalog: Catalog

    public init(config: ConfigLocations, catalog: Catalog) {
        self.config = config
        self.catalog = catalog
    }

    /// The `beckon.yml` setting at `path`, or its nearest written parent.
    public func setting(_ path: String) -> Origin? {
        config.location(of: path).map { Origin(.config, at: $0, key: path) }
    }

    /// The locale string `key` as a locale gets it, following the fallback chain.
    public func string(_ key: MessageKey, in locale: LocaleID) -> Origin? {
        Self.string(key, in: locale, catalog: catalog)
    }

    /// The locale string `key` as `catalog` gives it to a locale.
    public static func string(_ key: MessageKey, in locale: LocaleID, catalog: Catalog) -> Origin? {
        catalog.location(key, in: locale).map { found in
            Origin(.string, at: found.location, key: key.rawValue, locale: found.locale.rawValue)
        }
    }

    /// A field of a sample invite, or the sample itself when the field was not written.
    public func sample(_ sample: InviteValues, field: String) -> Origin {
        Origin(.sample, at: sample.fieldLocations[field] ?? sample.location, key: "\(sample.id).\(field)")
    }

    /// A position in a template file, from cmark's line and byte column within the body.
    public static func template(_ source: SourceText, bodyLine: Int, startLine: Int, byteColumn: Int) -> Origin {
        Origin(.template, at: source.location(line: bodyLine + startLine - 1, byteColumn: max(1, byteColumn)))
    }
}
