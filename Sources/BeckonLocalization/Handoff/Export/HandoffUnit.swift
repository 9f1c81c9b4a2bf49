import BeckonSite

/// One source string prepared for export: its translation in the target locale, the state of that
/// translation and the notes translators see.
struct HandoffUnit: Sendable {
    var key: MessageKey
    var source: BundleEntry
    var target: BundleEntry?
    var state: HandoffState
    var notes: [HandoffNote]

    /// The reviewer's decision on the translation, when it still holds.
    var review: StringReview? { target?.currentReview }

    /// The units of every source string, in source-file order.
    /// - Parameters:
    ///   - catalog: The site's bundles.
    ///   - locale: The target locale, or `nil` for the source strings and their notes only.
    ///   - usage: Where each key is used.
    static func units(_ catalog: Catalog, locale: LocaleID?, usage: [MessageKey: [String]]) -> [HandoffUnit] {
        guard let source = catalog.sourceBundle else { return [] }
        let targetBundle = locale.flatMap { catalog.bundles[$0] }
        return source.orderedKeys.compactMap { key in
            guard let entry = source.entries[key] else { return nil }
            let target = targetBundle?.entries[key]
            let state = locale.map { HandoffState(source: entry, in: $0, catalog: catalog) } ?? .translated
            var notes = HandoffNote.notes(for: entry, usage: usage[key] ?? [])
            if state == .stale { notes.append(.staleReview) }
            if let note = target?.currentReview?.note { notes.append(HandoffNote(category: .reviewer, text: note)) }
            return HandoffUnit(key: key, source: entry, target: target, state: state, notes: notes)
        }
    }
}
