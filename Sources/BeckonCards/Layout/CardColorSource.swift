import BeckonDiagnostics

/// Where a colour of a card layout was set: written in the layout, or named from the site's theme
/// (`theme.light.button`), so a contrast finding can point at the line to change.
public enum CardColorSource: Sendable, Hashable {
    /// A colour written in the layout file, at this location.
    case layout(SourceLocation)
    /// A theme colour, by its `beckon.yml` path; `at` is where the layout names it, or `nil` when
    /// the layout leaves the key out and the theme colour is the default.
    case theme(String, at: SourceLocation?)
}

/// Collects colour sources while a layout is read.
final class CardColorSourceLog {
    var sources: [String: CardColorSource] = [:]
}
