import BeckonLocalization

/// One locale's cells of the review page, by string key: each cell's HTML and its states there
/// (`missing`, `stale`, `approved`, …) for the filters. Made per locale (`ReviewPage.column(_:)`),
/// so a build that keeps columns makes again only those of the locales an edit touched.
public struct ReviewColumn: Sendable {
    var cells: [MessageKey: (html: String, states: [String])]
}
