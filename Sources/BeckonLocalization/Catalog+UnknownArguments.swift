import BeckonDiagnostics
import BeckonSite

extension Catalog {
    /// Reports arguments a message uses that the renderer does not provide, each at the argument
    /// itself in the bundle file (`{ap}` in `title: "Join {ap}"`), once per bundle that uses it.
    public func unknownArguments(key: MessageKey, known: Set<String>) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for bundle in bundles.values.sorted(by: { $0.locale < $1.locale }) {
            guard let entry = bundle.entries[key] else { continue }
            for name in entry.message.argumentNames where !known.contains(name) {
                var diagnostic = Diagnostic.error(
                    "l10n.unknown-argument",
                    "`\(key)` uses the argument `{\(name)}`, which Beckon does not provide\(DidYouMean.phrase(for: name, among: known))",
                    at: entry.location(ofArgument: name, in: bundle.source),
                    fix: "Use one of: \(known.sorted().map { "{\($0)}" }.joined(separator: ", ")).")
                diagnostic.locale = bundle.locale.rawValue
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }
}
