import BeckonDiagnostics

/// `deferred:` in beckon.yml: how an invite reaches the app across its install
/// (docs/deferred-links.md). The store hand-off and the claims by a signed link (Google Play's
/// install referrer) need nothing here; the clipboard and the window are each a site's choice.
public struct DeferredConfig: Sendable, Hashable {
    /// Whether the landing page's store button copies the invite's signed link to the clipboard
    /// before the store opens, for the app's first launch to read.
    public var clipboard: Bool = false
    /// Minutes after a store click in which an install from the same keyed client hash and
    /// platform may claim it when nothing else names an invite; 0 (the default) turns that off.
    public var matchWindowMinutes: Int = 0

    static let keys = ["clipboard", "matchWindow"]

    /// The hand-off without the clipboard or a window.
    public init() {}

    init(_ mapping: YAMLReader.Mapping) {
        clipboard = mapping.bool("clipboard") ?? false
        // A day at most: a click's client hash is kept no longer than its window.
        matchWindowMinutes = mapping.int("matchWindow", in: 0...1_440) ?? 0
    }

    /// The stores `app` links that do not hand an invite over to the app, each named with why:
    /// the App Store needs the clipboard or a window; Google Play carries the link as its install
    /// referrer, always.
    public func storesWithoutHandOff(_ app: AppConfig) -> [String] {
        guard app.appStoreID != nil, !clipboard, matchWindowMinutes == 0 else { return [] }
        return ["the App Store (`deferred.clipboard` is off and `deferred.matchWindow` is 0)"]
    }
}
