import BeckonLocalization
import BeckonSite

/// One message a share key stands for: the string itself, an item of its pool, or an A/B variant
/// (itself a string or a pool). Read from the source locale's bundle; translations follow it.
public struct ShareEntry: Sendable, Hashable {
    /// The string's key: `share.generic`, `share.partner.3`, `share.generic.control`.
    public var key: MessageKey
    /// The A/B variant, when the site runs an experiment.
    public var variant: String?
    /// The pool item's number (from 1), when the key holds a pool.
    public var poolItem: Int?

    /// What the entry adds to a file name: `.control`, `.3`, `.control.3`, or nothing.
    public var suffix: String {
        (variant.map { ".\($0)" } ?? "") + (poolItem.map { ".\($0)" } ?? "")
    }

    /// The messages `base` stands for in the source bundle, in file order (each string looked up
    /// through `Catalog.sourceEntry`, so a step that reads them is made again when one is added).
    /// - Parameter variants: The site's variant ids. With variants, a plain string or pool is the
    ///   same text in every variant; a mapping names one string or pool per variant.
    public static func entries(of base: MessageKey, in catalog: Catalog, variants: [String]) -> [ShareEntry] {
        let plain = Self.entries(of: base, in: catalog, variant: nil)
        guard !variants.isEmpty else { return plain }
        if !plain.isEmpty {
            return variants.flatMap { variant in
                plain.map { ShareEntry(key: $0.key, variant: variant, poolItem: $0.poolItem) }
            }
        }
        return variants.flatMap { variant in
            Self.entries(of: MessageKey("\(base).\(variant)"), in: catalog, variant: variant)
        }
    }

    /// The variants `base` has no message for (empty when it has one for every variant, or one for
    /// all of them).
    public static func missingVariants(of base: MessageKey, in catalog: Catalog, variants: [String]) -> [String] {
        guard !variants.isEmpty, Self.entries(of: base, in: catalog, variant: nil).isEmpty else { return [] }
        return variants.filter { Self.entries(of: MessageKey("\(base).\($0)"), in: catalog, variant: $0).isEmpty }
    }

    /// The string `key`, or the items of the pool `key`.
    private static func entries(of key: MessageKey, in catalog: Catalog, variant: String?) -> [ShareEntry] {
        if catalog.sourceEntry(key) != nil { return [ShareEntry(key: key, variant: variant, poolItem: nil)] }
        var items: [ShareEntry] = []
        var number = 1
        while catalog.sourceEntry(MessageKey("\(key).\(number)")) != nil {
            items.append(ShareEntry(key: MessageKey("\(key).\(number)"), variant: variant, poolItem: number))
            number += 1
        }
        return items
    }
}
