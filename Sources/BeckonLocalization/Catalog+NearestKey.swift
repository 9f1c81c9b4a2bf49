import BeckonEngine
import BeckonSite

extension Catalog {
    /// The source bundle's key nearest to `key` by edit distance, when it is near enough to be a
    /// typo of it (see `DidYouMean`); `nil` when the source bundle has `key` or nothing close.
    public func nearestKey(to key: MessageKey) -> MessageKey? {
        guard sourceEntry(key) == nil else { return nil }
        return DidYouMean.suggestion(for: key.rawValue, among: sourceKeys().map(\.rawValue)).map { MessageKey($0) }
    }

    /// The source bundle's keys in file order; inside a step, recorded as a read of the list.
    public func sourceKeys() -> [MessageKey] {
        InputID(Self.sourceKeyList, name: "").record()
        return storedBundles[locales.defaultLocale]?.orderedKeys ?? []
    }

    /// The source bundle's list of keys, in file order.
    public static let sourceKeyList: InputKind = "source-keys"

    /// The fix for a string key no bundle has: the nearest known key when `key` looks like a typo
    /// of one, otherwise to add `key` to the default locale's bundle.
    public func missingKeyFix(_ key: MessageKey) -> String {
        guard let nearest = nearestKey(to: key) else {
            return "Add `\(key)` to \(storedBundles[locales.defaultLocale]?.path ?? "the default locale's bundle")."
        }
        return "Did you mean `\(nearest)`? Change `\(key)` to `\(nearest)`."
    }
}
