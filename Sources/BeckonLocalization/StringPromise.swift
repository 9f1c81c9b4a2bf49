/// What a string tells its reader that the site must then do (`promise:` in a locale bundle),
/// which a check holds the site's settings to.
public enum StringPromise: String, Sendable, Hashable, CaseIterable, Codable {
    /// The invite reaches the app after its install ("your invite is waiting inside"): the site
    /// must hand the invite over on every store its pages link (`l10n.hand-off-promise`).
    case handOff
}
