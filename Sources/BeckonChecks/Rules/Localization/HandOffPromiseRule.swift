import BeckonDiagnostics
import BeckonLocalization

/// `l10n.hand-off-promise`: a string that promises the invite reaches the app after its install is
/// shown only on a site that hands the invite over on every store its pages link.
///
/// A source string marked `promise: handOff` ("Install Playa and open it — your invite is waiting
/// inside") tells the reader the app will know who invited them. That holds only where `beckon
/// serve` carries the invite across the install: Google Play's install referrer always does; the
/// App Store needs `deferred.clipboard` (or a `deferred.matchWindow`). Turn one on, or reword the
/// string so it promises nothing the app cannot keep (docs/deferred-links.md). Reported once, at the
/// source string, when a template, layout or message uses it.
struct HandOffPromiseRule: CatalogRule {
    let id: RuleID = "l10n.hand-off-promise"
    let readsEveryLocale = true

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        guard !input.storesWithoutHandOff.isEmpty else { return [] }
        let stores = input.storesWithoutHandOff.joined(separator: " and ")
        return input.sourceEntries.filter { $0.promise == .handOff && input.usage[$0.key] != nil }.map { entry in
            var diagnostic = Diagnostic.error(
                id,
                "`\(entry.key)` promises that the invite waits in the app after the install, but nothing hands it over from \(stores)",
                at: entry.location,
                fix:
                    "Set `deferred: {clipboard: true}` in beckon.yml and answer the links with `beckon serve`, or reword the string so it promises no hand-off and remove its `promise: handOff`."
            )
            diagnostic.locale = input.catalog.locales.defaultLocale.rawValue
            return diagnostic
        }
    }
}
